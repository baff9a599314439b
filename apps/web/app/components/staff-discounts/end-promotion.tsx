import type { Discount } from '@shop/contracts';
import { useState } from 'react';
import { apiProblemMessage } from '../../lib/api-problem.ts';
import { useApiClients } from '../../lib/use-api.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { useToast } from '../ui/toast.tsx';

/**
 * Stops a running promotion at once by setting its end to now (the API has no delete: claims keep
 * pointing at it). Asked first, since shoppers holding the code lose it.
 */
export function EndPromotion({ promotionCode, onEnded }: { promotionCode: string; onEnded: (discount: Discount) => void }) {
  const clients = useApiClients();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const end = async () => {
    if (!clients) return;
    setBusy(true);
    setError(null);
    try {
      const discount = await clients.discounts.updateDiscount({
        params: { promotionCode, issueCode: promotionCode },
        body: { endsAt: new Date().toISOString() },
      });
      setOpen(false);
      toast(`${promotionCode} has ended: shoppers can no longer use it.`, 'success');
      onEnded(discount);
    } catch (failure) {
      setError(apiProblemMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        End it now
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={`End ${promotionCode} now?`}>
        <div className="space-y-4 p-5">
          <p className="text-navy-800">
            Shoppers will no longer be able to use {promotionCode} or its issue codes. Orders that already used it keep their discount. You can extend it again
            by changing its end date.
          </p>
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <div className="flex flex-wrap gap-3">
            <Button onClick={end} loading={busy}>
              End it now
            </Button>
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Keep it running
            </Button>
          </div>
        </div>
      </Dialog>
    </>
  );
}
