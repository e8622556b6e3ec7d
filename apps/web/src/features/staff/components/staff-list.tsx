import type { StaffMember, UpdateStaffInput } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorMessage } from '../../../components/ui/error-message';
import { INPUT_CLASS, TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { canRetry, errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useSession } from '../../../lib/session';
import { toast } from '../../../lib/toast';
import { staffQueries, useChangeMember } from '../api/staff';
import { ROLE_CHOICES, ROLE_KEYS } from './add-member-values';

type Translate = ReturnType<typeof useT>;
const roleName = (t: Translate, role: string) => (ROLE_KEYS[role] ? t(ROLE_KEYS[role]) : role);

/** A new PIN for a member, typed by the owner and checked as the server checks it. */
function PinEditor({ member, onDone }: { member: StaffMember; onDone: () => void }) {
  const t = useT();
  const [pin, setPin] = useState('');
  const [problem, setProblem] = useState<string>();
  const change = useChangeMember({
    onSuccess: () => {
      toast.success(t('admin.staff.pinSaved', { name: member.name }));
      onDone();
    },
    onError: (error) => setProblem(errorMessage(error)),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let pinProblem: typeof import('./staff-form-schema').pinProblem;
    try {
      pinProblem = (await import('./staff-form-schema')).pinProblem;
    } catch {
      setProblem(t('error.network'));
      return;
    }
    const wrong = pinProblem(pin);
    setProblem(wrong);
    if (!wrong) change.mutate({ id: member.id, change: { pin } });
  };
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-wrap items-start gap-3">
      <div className="w-44">
        <TextField
          label={t('admin.staff.newPinFor', { name: member.name })}
          type="password"
          inputMode="numeric"
          autoComplete="new-password"
          maxLength={6}
          value={pin}
          error={problem}
          autoFocus
          onChange={(event) => {
            setPin(event.target.value);
            setProblem(undefined);
          }}
        />
      </div>
      <div className="flex gap-2 sm:pt-7">
        <Button type="submit" className="min-h-11 py-1.5" busy={change.isPending}>
          {t('admin.staff.savePin')}
        </Button>
        <Button variant="ghost" className="min-h-11 py-1.5" onClick={onDone}>
          {t('admin.cancel')}
        </Button>
      </div>
    </form>
  );
}

function MemberRow({ member, isYou, onDeactivate }: { member: StaffMember; isYou: boolean; onDeactivate: () => void }) {
  const t = useT();
  const [editingPin, setEditingPin] = useState(false);
  // A refusal (the last active Admin: 409) is said in the member's row, in the server's words.
  const [refusal, setRefusal] = useState<string>();
  const change = useChangeMember({
    onSuccess: (saved, { change: asked }) => {
      setRefusal(undefined);
      if (asked.role) toast.success(t('admin.staff.roleChanged', { name: saved.name, role: roleName(t, saved.role) }));
      if (asked.active) toast.success(t('admin.staff.reactivated', { name: saved.name }));
    },
    onError: (error) => setRefusal(errorMessage(error)),
  });

  return (
    <li
      className={`space-y-3 rounded-2xl bg-white p-4 shadow-sm ${member.active ? '' : 'opacity-80'}`}
      data-testid="staff-member"
      aria-label={member.name}
    >
      <div className="grid items-center gap-3 md:grid-cols-[minmax(0,1fr)_11rem_auto]">
        <div className="min-w-0">
          <p className="font-bold">
            {member.name}
            {isYou && <span className="ml-2 text-sm font-medium text-roast">({t('admin.staff.you')})</span>}
          </p>
          <p className="truncate text-sm text-roast" title={member.email}>
            {member.email}
          </p>
          <p className="mt-1 flex flex-wrap gap-2 text-xs font-semibold">
            <span
              className={`rounded-full px-2 py-0.5 ${member.active ? 'bg-leaf/15 text-leaf' : 'bg-roast/10 text-roast'}`}
              data-testid="member-status"
            >
              {member.active ? t('admin.staff.active') : t('admin.staff.inactive')}
            </span>
            {!member.has_pin && <span className="rounded-full bg-honey/40 px-2 py-0.5">{t('admin.staff.noPin')}</span>}
          </p>
        </div>
        <select
          aria-label={t('admin.staff.roleOf', { name: member.name })}
          title={t('admin.staff.roleHint')}
          className={`${INPUT_CLASS} py-2`}
          value={member.role}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ id: member.id, change: { role: event.target.value as UpdateStaffInput['role'] } })}
        >
          {ROLE_CHOICES.map((role) => (
            <option key={role} value={role}>
              {roleName(t, role)}
            </option>
          ))}
        </select>
        <div className="flex flex-wrap gap-2 md:justify-end">
          <Button
            variant="ghost"
            className="min-h-11 py-1.5 text-sm"
            aria-expanded={editingPin}
            onClick={() => setEditingPin((open) => !open)}
          >
            {t('admin.staff.newPin')} <span className="sr-only">{member.name}</span>
          </Button>
          {member.active ? (
            <Button variant="ghost" className="min-h-11 py-1.5 text-sm" onClick={onDeactivate}>
              {t('admin.staff.deactivate')} <span className="sr-only">{member.name}</span>
            </Button>
          ) : (
            <Button
              variant="secondary"
              className="min-h-11 py-1.5 text-sm"
              busy={change.isPending}
              onClick={() => change.mutate({ id: member.id, change: { active: true } })}
            >
              {t('admin.staff.reactivate')} <span className="sr-only">{member.name}</span>
            </Button>
          )}
        </div>
      </div>
      {editingPin && <PinEditor member={member} onDone={() => setEditingPin(false)} />}
      {refusal && <ErrorMessage message={refusal} />}
    </li>
  );
}

/** The members of staff: each one's role, PIN and whether they are active (docs/shop-rules.md#staff-and-roles). */
export function StaffList() {
  const t = useT();
  const session = useSession();
  const staff = useQuery(staffQueries.list());
  const [deactivating, setDeactivating] = useState<StaffMember | null>(null);
  const [refusal, setRefusal] = useState<string>();
  const deactivate = useChangeMember({
    onSuccess: (saved) => {
      toast.success(t('admin.staff.deactivated', { name: saved.name }));
      setDeactivating(null);
      setRefusal(undefined);
    },
    onError: (error) => {
      setRefusal(errorMessage(error));
      setDeactivating(null);
    },
  });

  return (
    <section aria-labelledby="staff-list-heading" className="space-y-4">
      <h2 id="staff-list-heading" className="text-2xl font-bold">
        {staff.data ? t('admin.staff.count', { count: staff.data.length }) : t('admin.staff.list')}
      </h2>
      {staff.isPending && <PageSpinner />}
      {staff.isError && (
        <ErrorMessage message={errorMessage(staff.error)} onRetry={canRetry(staff.error) ? () => staff.refetch() : undefined} />
      )}
      {refusal && <ErrorMessage message={refusal} />}
      {staff.data?.length === 0 && <p className="text-roast">{t('admin.staff.none')}</p>}
      {staff.data && staff.data.length > 0 && (
        <ul className="space-y-3" aria-label={t('admin.staff.list')}>
          {staff.data.map((member) => (
            <MemberRow key={member.id} member={member} isYou={member.id === session?.id} onDeactivate={() => setDeactivating(member)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deactivating !== null}
        message={t('admin.staff.deactivateConfirm', { name: deactivating?.name ?? '' })}
        confirmLabel={t('admin.staff.deactivate')}
        cancelLabel={t('admin.staff.keep')}
        busy={deactivate.isPending}
        onConfirm={() => deactivating && deactivate.mutate({ id: deactivating.id, change: { active: false } })}
        onCancel={() => setDeactivating(null)}
      />
    </section>
  );
}
