import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../lib/i18n';
import { useNavigate } from '../../../lib/router';
import { toast } from '../../../lib/toast';
import { useDeleteProduct } from '../api/products';

/** Delete product, after a confirm dialog; then back to the catalogue (docs/shop-rules.md#the-menu). */
export function DeleteProductButton({ id, name }: { id: number; name: string }) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteProduct({
    onSuccess: () => {
      setAsking(false);
      toast.success(t('admin.product.deleted', { name }));
      navigate('/product');
    },
    onError: (error) => {
      setAsking(false);
      toast.error(errorMessage(error));
    },
  });
  return (
    <>
      <Button variant="danger" onClick={() => setAsking(true)} disabled={remove.isPending}>
        {t('admin.product.delete')}
      </Button>
      <ConfirmDialog
        open={asking}
        message={t('admin.product.deleteConfirm', { name })}
        confirmLabel={t('admin.delete')}
        cancelLabel={t('admin.close')}
        busy={remove.isPending}
        onConfirm={() => remove.mutate(id)}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
