// The savings answer in the offer modal: which card saves the most at the offer's merchant. The
// answer is plain DOM (savings-answer.ts, shared with the pages); this part gives it a place, loads it
// with the merchant's data file, and stops it when the modal closes.
import { useEffect, useRef } from 'react';
import { merchantSavingsDataPath } from '../../lib/site-urls.ts';

export default function MerchantSavings({ merchantId }: { merchantId: number }) {
  const root = useRef<HTMLElement>(null);
  useEffect(() => {
    const section = root.current!;
    section.dataset.savingsSrc = merchantSavingsDataPath(merchantId);
    let open = true;
    let stop: (() => void) | undefined;
    import('./savings-answer.ts')
      .then(async ({ savingsDataOf, startSavingsAnswer }) => {
        const data = await savingsDataOf(section);
        if (open) stop = startSavingsAnswer(section, data, 3);
      })
      .catch((error: unknown) => console.warn('The savings answer has no data:', error));
    return () => {
      open = false;
      stop?.();
    };
  }, [merchantId]);
  return <section ref={root} className="savings-answer offer-modal-savings" data-savings-answer hidden />;
}
