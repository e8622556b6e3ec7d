import { useParams } from '../../lib/router';
import { GuestOrderPage } from './guest-order';
import { TableWelcomePage } from './table-welcome';

/** /t/:token (a table's QR code) and /t/:token/order/:id (a guest's order there): one lazy chunk, one route entry each. */
export function TablePage() {
  return useParams().id ? <GuestOrderPage /> : <TableWelcomePage />;
}
