import { type DiningTable, TABLE_NAME_MAX } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorMessage } from '../../../components/ui/error-message';
import { TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { canRetry, errorMessage } from '../../../lib/api-client';
import { TEXT } from '../../../lib/texts';
import { toast } from '../../../lib/toast';
import { tableQueries, useAddTable, useDeleteTable } from '../api/tables';
import { TableQr } from './table-qr';

/** The dine-in tables: add one, remove one, and print a sheet of their QR codes. */
export function TablesAdmin() {
  const tables = useQuery(tableQueries.list());
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [removing, setRemoving] = useState<DiningTable | null>(null);
  const add = useAddTable({
    onSuccess: (table) => {
      setName('');
      toast.success(`${table.name} added`);
    },
    // A name already in use (409) is said under the field, in the server's words.
    onError: (error) => setNameError(errorMessage(error)),
  });
  const remove = useDeleteTable({
    onSuccess: () => {
      toast.success(`${removing?.name ?? 'The table'} removed: its QR code no longer works`);
      setRemoving(null);
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let schema: typeof import('./table-form-schema').CreateTableSchema;
    try {
      schema = (await import('./table-form-schema')).CreateTableSchema;
    } catch {
      setNameError(TEXT.networkError);
      return;
    }
    const parsed = schema.safeParse({ name });
    if (!parsed.success) {
      setNameError(parsed.error.issues[0]?.message);
      return;
    }
    setNameError(undefined);
    add.mutate(parsed.data);
  };

  return (
    <div className="space-y-6">
      <form
        onSubmit={(event) => void submit(event)}
        className="flex flex-wrap items-end gap-3 rounded-3xl bg-white p-6 shadow-sm print:hidden"
        noValidate
      >
        <div className="min-w-56 flex-1">
          <TextField
            label="Table name"
            value={name}
            maxLength={TABLE_NAME_MAX}
            placeholder="Table 7"
            error={nameError}
            hint={`1 to ${TABLE_NAME_MAX} characters, unique`}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
          />
        </div>
        <Button type="submit" busy={add.isPending} className="mb-6">
          Add table
        </Button>
      </form>

      {tables.isPending && <PageSpinner />}
      {tables.isError && (
        <ErrorMessage message={errorMessage(tables.error)} onRetry={canRetry(tables.error) ? () => tables.refetch() : undefined} />
      )}
      {tables.data?.length === 0 && <p className="text-roast print:hidden">No tables yet: add the first one above.</p>}
      {tables.data && tables.data.length > 0 && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
            <h2 className="text-2xl font-bold">{tables.data.length === 1 ? '1 table' : `${tables.data.length} tables`}</h2>
            <Button variant="secondary" onClick={() => window.print()}>
              Print QR codes
            </Button>
          </div>
          {/* The printed sheet: one card per table, its name under its code. */}
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 print:grid-cols-3 print:gap-6" aria-label="Tables">
            {tables.data.map((table) => (
              <li
                key={table.id}
                className="flex break-inside-avoid flex-col items-center gap-2 rounded-2xl bg-white p-4 text-center shadow-sm print:border print:border-espresso/30 print:shadow-none"
                data-testid="table-card"
              >
                <TableQr url={table.url} name={table.name} />
                <p className="font-display text-xl font-bold">{table.name}</p>
                <p className="hidden text-xs print:block">Scan to order at this table</p>
                <Button variant="ghost" className="min-h-11 py-1.5 text-sm print:hidden" onClick={() => setRemoving(table)}>
                  Delete <span className="sr-only">{table.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        message={`Delete ${removing?.name ?? 'this table'}? Its QR code stops working at once; its orders keep its name.`}
        confirmLabel="Delete table"
        cancelLabel="Keep it"
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
