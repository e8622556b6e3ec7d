import { apiFile } from './api-client';

/**
 * Opens an order's receipt (GET /transactions/:id/receipt, docs/shop-rules.md#receipts) in a new tab,
 * to read or print. The page is fetched with the session's token (or a guest's Order-Token header),
 * which a plain link could not send, and shown from memory. The tab opens within the tap, before the
 * answer: one opened after it would be taken for a pop-up and blocked.
 */
export async function openReceipt(id: number, headers: Record<string, string> = {}): Promise<void> {
  const tab = window.open('', '_blank');
  try {
    const response = await apiFile(`/transactions/${id}/receipt`, { headers });
    const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/html' }));
    if (tab) tab.location.href = url;
    else window.location.assign(url);
    // The tab has read it by then; the memory goes back.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
