import { type DiningTable, TABLE_NAME_MAX } from '@kopi/shared';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ErrorMessage } from '../../../components/ui/error-message';
import { TextField } from '../../../components/ui/field';
import { PageSpinner } from '../../../components/ui/spinner';
import { canRetry, errorMessage } from '../../../lib/api-client';
import { type MessageKey, useT } from '../../../lib/i18n';
import { toast } from '../../../lib/toast';
import { tableQueries, useAddTable, useDeleteTable } from '../api/tables';
import { TableLink } from './table-link';
import { TableQr } from './table-qr';

/** The dine-in tables: add one, remove one, copy or open a table's link, and print a sheet of their QR codes. */
export function TablesAdmin() {
  const t = useT();
  const tables = useQuery(tableQueries.list());
  const [name, setName] = useState('');
  // The form's own rules are kept as keys, so that a switch of language also changes a message on screen.
  const [nameError, setNameError] = useState<MessageKey | { text: string }>();
  const [removing, setRemoving] = useState<DiningTable | null>(null);
  const add = useAddTable({
    onSuccess: (table) => {
      setName('');
      toast.success(t('admin.tables.added', { name: table.name }));
    },
    // A name already in use (409) is said under the field, in the server's words.
    onError: (error) => setNameError({ text: errorMessage(error) }),
  });
  const remove = useDeleteTable({
    onSuccess: () => {
      toast.success(t('admin.tables.removed', { name: removing?.name ?? t('admin.tables.theTable') }));
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
      setNameError('error.network');
      return;
    }
    const parsed = schema.safeParse({ name });
    if (!parsed.success) {
      // The shared schema's two rules, said in the page's language.
      const tooLong = parsed.error.issues[0]?.code === 'too_big';
      setNameError(tooLong ? 'admin.tables.nameTooLong' : 'admin.tables.nameRequired');
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
            label={t('admin.tables.name')}
            value={name}
            maxLength={TABLE_NAME_MAX}
            placeholder={t('admin.tables.namePlaceholder')}
            error={typeof nameError === 'string' ? t(nameError, { max: TABLE_NAME_MAX }) : nameError?.text}
            hint={t('admin.tables.nameHint', { max: TABLE_NAME_MAX })}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(undefined);
            }}
          />
        </div>
        <Button type="submit" busy={add.isPending} className="mb-6">
          {t('admin.tables.add')}
        </Button>
      </form>

      {tables.isPending && <PageSpinner />}
      {tables.isError && (
        <ErrorMessage message={errorMessage(tables.error)} onRetry={canRetry(tables.error) ? () => tables.refetch() : undefined} />
      )}
      {tables.data?.length === 0 && <p className="text-roast print:hidden">{t('admin.tables.none')}</p>}
      {tables.data && tables.data.length > 0 && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
            <h2 className="text-2xl font-bold">{t('admin.tables.count', { count: tables.data.length })}</h2>
            <Button variant="secondary" onClick={() => window.print()}>
              {t('admin.tables.print')}
            </Button>
          </div>
          {/* The printed sheet: one card per table, its name under its code. */}
          <ul
            className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4 print:grid-cols-3 print:gap-6"
            aria-label={t('admin.tables.list')}
          >
            {tables.data.map((table) => (
              <li
                key={table.id}
                className="flex break-inside-avoid flex-col items-center gap-2 rounded-2xl bg-white p-4 text-center shadow-sm print:border print:border-espresso/30 print:shadow-none"
                data-testid="table-card"
              >
                <TableQr url={table.url} name={table.name} />
                <p className="font-display text-xl font-bold">{table.name}</p>
                <p className="hidden text-xs print:block">{t('admin.tables.scanToOrder')}</p>
                <TableLink url={table.url} name={table.name} />
                <Button variant="ghost" className="min-h-11 w-full py-1.5 text-sm print:hidden" onClick={() => setRemoving(table)}>
                  {t('admin.delete')} <span className="sr-only">{table.name}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        message={t('admin.tables.deleteConfirm', { name: removing?.name ?? t('admin.tables.thisTable') })}
        confirmLabel={t('admin.tables.deleteTable')}
        cancelLabel={t('admin.tables.keep')}
        busy={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id)}
        onCancel={() => setRemoving(null)}
      />
    </div>
  );
}
