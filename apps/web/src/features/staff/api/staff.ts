import type { CreateStaffInput, StaffMember, UpdateStaffInput } from '@kopi/shared';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationReactions } from '../../../lib/mutation-reactions';

const STAFF_KEY = ['staff'] as const;

export const staffQueries = {
  /** The members of staff (Admin): GET /staff. */
  list: () =>
    queryOptions({
      queryKey: STAFF_KEY,
      queryFn: async ({ signal }) => (await apiRequest<StaffMember[]>('/staff', { signal })).data,
    }),
};

/** POST /staff: a new member, or a customer's account given a role. */
export function useAddMember(reactions: MutationReactions<StaffMember, CreateStaffInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (input: CreateStaffInput) => (await apiRequest<StaffMember>('/staff', { method: 'POST', body: input })).data,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      await reactions.onSuccess?.(...args);
    },
  });
}

export interface MemberChange {
  id: number;
  change: UpdateStaffInput;
}

/** PATCH /staff/:id: a role, a PIN, active or not. */
export function useChangeMember(reactions: MutationReactions<StaffMember, MemberChange> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async ({ id, change }: MemberChange) =>
      (await apiRequest<StaffMember>(`/staff/${id}`, { method: 'PATCH', body: change })).data,
    onSuccess: async (...args) => {
      const [member] = args;
      queryClient.setQueryData<StaffMember[]>(STAFF_KEY, (list) => list?.map((one) => (one.id === member.id ? member : one)));
      await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
      await reactions.onSuccess?.(...args);
    },
  });
}
