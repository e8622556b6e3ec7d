import { ADDONS_CATEGORY_ID, type Product, type ProductSort } from '@kopi/shared';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { MutationReactions } from '../../../lib/mutation-reactions';

export interface ProductListQuery {
  search?: string;
  categories?: number;
  sort: ProductSort;
  page: number;
}

const PRODUCTS_KEY = ['products'] as const;

export const productQueries = {
  list: (query: ProductListQuery) =>
    queryOptions({
      queryKey: [...PRODUCTS_KEY, 'list', query],
      queryFn: ({ signal }) =>
        apiRequest<Product[]>('/products/get', {
          query: { search: query.search, categories: query.categories, sort: query.sort, page: query.page },
          signal,
        }),
      // Keep the current page on screen while the next one loads.
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...PRODUCTS_KEY, 'detail', id],
      queryFn: async ({ signal }) => (await apiRequest<Product>(`/products/${id}`, { signal })).data,
      enabled: Number.isInteger(id) && id > 0,
    }),
  /** The Add Ons a drink can take ("Make it yours"), cheapest first; a shop has a handful of them. */
  addons: () =>
    queryOptions({
      queryKey: [...PRODUCTS_KEY, 'addons'],
      queryFn: async ({ signal }) =>
        (await apiRequest<Product[]>('/products/get', { query: { categories: ADDONS_CATEGORY_ID, sort: 'cheapest', limit: 50 }, signal }))
          .data,
    }),
};

/** Every list and detail may show the saved product: they all load again. */
function useSavedProduct<TVariables>(
  save: (variables: TVariables) => Promise<Product>,
  { onSuccess, ...reactions }: MutationReactions<Product, TVariables>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: save,
    onSuccess: async (...args) => {
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY });
      await onSuccess?.(...args);
    },
  });
}

export function useCreateProduct(reactions: MutationReactions<Product, FormData> = {}) {
  return useSavedProduct(
    async (form: FormData) => (await apiRequest<Product>('/products', { method: 'POST', body: form })).data,
    reactions,
  );
}

export interface ProductUpdate {
  id: number;
  form: FormData;
}

export function useUpdateProduct(reactions: MutationReactions<Product, ProductUpdate> = {}) {
  return useSavedProduct(
    async ({ id, form }: ProductUpdate) => (await apiRequest<Product>(`/products/${id}`, { method: 'PATCH', body: form })).data,
    reactions,
  );
}

export interface SoldOutChange {
  id: number;
  soldOut: boolean;
}

/** Sold out or back on sale, from the admin's catalogue card or the edit page. */
export function useSetSoldOut(reactions: MutationReactions<Product, SoldOutChange> = {}) {
  return useSavedProduct(async ({ id, soldOut }: SoldOutChange) => {
    const form = new FormData();
    form.append('sold_out', String(soldOut));
    return (await apiRequest<Product>(`/products/${id}`, { method: 'PATCH', body: form })).data;
  }, reactions);
}

/** Takes the product off the menu (orders that had it keep it: docs/shop-rules.md#the-menu). */
export function useDeleteProduct({ onSuccess, ...reactions }: MutationReactions<void, number> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...reactions,
    mutationFn: async (id: number) => {
      await apiRequest<unknown>(`/products/${id}`, { method: 'DELETE' });
    },
    onSuccess: async (...args) => {
      // The screen leaves the deleted product's page first; its detail is then dropped, not asked for again.
      await onSuccess?.(...args);
      queryClient.removeQueries({ queryKey: [...PRODUCTS_KEY, 'detail', args[1]] });
      await queryClient.invalidateQueries({ queryKey: PRODUCTS_KEY, predicate: (query) => query.queryKey[1] !== 'detail' });
    },
  });
}
