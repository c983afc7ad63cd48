// The offer modal's 'Report a problem' (OfferModal.tsx): a quiet button; the form
// (ReportProblem.tsx, with valibot's schema and the call) loads on the first press.
import { lazy, Suspense, useState } from 'react';
import { reportProblemText } from './report-texts.ts';

const ReportProblem = lazy(() => import('./ReportProblem.tsx'));

export default function ReportProblemButton({ offerId, className }: { offerId: number; className: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {reportProblemText()}
      </button>
      {/* Unmounted when closed: the dialog then gives focus back to this button. */}
      {open && (
        <Suspense fallback={null}>
          <ReportProblem offerId={offerId} open onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
