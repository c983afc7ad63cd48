// 'Report a problem' on the offer page, which loads no React at load: src/page-scripts/offer-page.ts
// imports this on the first press of the page's button. One root at the end of <body>, rendered
// open at each press and closed by the dialog.
import { lazy, Suspense } from 'react';
import { createRoot, type Root } from 'react-dom/client';

// Loaded from here rather than imported: the page's script then lists only this file and React to
// preload, not the form's dozen files (about 0.3 KB less at load, for one more request on a press).
const ReportProblem = lazy(() => import('./ReportProblem.tsx'));

let root: Root | undefined;

export function openReportProblem(offerId: number): void {
  if (!root) {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  }
  const render = (open: boolean) =>
    root!.render(
      <Suspense fallback={null}>
        <ReportProblem offerId={offerId} open={open} onClose={() => render(false)} />
      </Suspense>,
    );
  render(true);
}
