import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useDeleteProduct } from '../api/products';
import { PRODUCT_TEXT } from '../texts';

/** Delete product, after a confirm dialog; then back to the catalogue (docs/shop-rules.md#the-menu). */
export function DeleteProductButton({ id, name }: { id: number; name: string }) {
  const [asking, setAsking] = useState(false);
  const navigate = useNavigate();
  const remove = useDeleteProduct({
    onSuccess: () => {
      setAsking(false);
      toast.success(`${name}: ${PRODUCT_TEXT.productDeleted}`);
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
        Delete product
      </Button>
      <ConfirmDialog
        open={asking}
        message={PRODUCT_TEXT.deleteProductConfirm(name)}
        confirmLabel="Delete"
        cancelLabel="Close"
        busy={remove.isPending}
        onConfirm={() => remove.mutate(id)}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
