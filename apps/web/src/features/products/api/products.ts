import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Product, ProductSort } from '@kopi/shared';
import { apiRequest } from '../../../lib/api-client';

export interface ProductListQuery {
  search?: string;
  categories?: number;
  sort: ProductSort;
  page: number;
}

export const productKeys = {
  all: ['products'] as const,
  list: (query: ProductListQuery) => ['products', 'list', query] as const,
  detail: (id: number) => ['products', 'detail', id] as const,
};

export function useProducts(query: ProductListQuery) {
  return useQuery({
    queryKey: productKeys.list(query),
    queryFn: ({ signal }) =>
      apiRequest<Product[]>('/products/get', {
        query: { search: query.search, categories: query.categories, sort: query.sort, page: query.page },
        signal,
      }),
    // Keep the current page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useProduct(id: number) {
  return useQuery({
    queryKey: productKeys.detail(id),
    queryFn: async ({ signal }) => (await apiRequest<Product>(`/products/${id}`, { signal })).data,
    enabled: Number.isInteger(id) && id > 0,
  });
}

export async function createProduct(form: FormData): Promise<Product> {
  return (await apiRequest<Product>('/products', { method: 'POST', body: form })).data;
}

export async function updateProduct(id: number, form: FormData): Promise<Product> {
  return (await apiRequest<Product>(`/products/${id}`, { method: 'PATCH', body: form })).data;
}
