// /console/team/reports: visitors' reports of a problem with an offer, newest first, open ones by
// default. An open report is resolved (the offer was fixed) or dismissed, with an optional note;
// 'Find in Offers' opens the offer in the team's Offers page to act on it.
import { useState } from 'react';
import { m } from '../../paraglide/messages.js';
import { consolePath } from '../console/console-routes.ts';
import { ChoiceSelect, Fact, Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import ReasonDialog from './ReasonDialog.tsx';
import { closeReport, fetchReports } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { reportReasonLabel, reportStatusChoices, reportStatusLabel, REPORT_STATUS_TONES } from './texts.ts';
import { usePaged } from './use-paged.ts';
import { useFocusRow, useRowEdits } from './use-row-edits.ts';

type Report = Awaited<ReturnType<typeof closeReport>>;
type Outcome = 'resolved' | 'dismissed';
type Closing = { report: Report; outcome: Outcome };

const rowId = (reportId: number) => `team-report-${reportId}`;
const DIALOGS: Record<
  Outcome,
  { title: () => string; confirm: () => string; done: (inputs: { header: string }) => string }
> = {
  resolved: { title: m.team_reports_resolve_title, confirm: m.team_reports_resolve, done: m.team_reports_resolved },
  dismissed: { title: m.team_reports_dismiss_title, confirm: m.team_reports_dismiss, done: m.team_reports_dismissed },
};

export default function TeamReports() {
  const list = usePaged(fetchReports, { status: 'open' });
  const edits = useRowEdits<Report>(list.page.state === 'ready' ? list.page.data : undefined);
  const [closing, setClosing] = useState<Closing>();
  const [status, setStatus] = useState<Status>();
  const focusRow = useFocusRow(closing !== undefined);

  async function close({ report, outcome }: Closing, note: string) {
    const closed = await closeReport(report.reportId, outcome, note);
    edits.set(closed.reportId, closed);
    setStatus({ text: DIALOGS[outcome].done({ header: report.offerHeader }) });
    focusRow(rowId(closed.reportId)); // its buttons are gone
  }

  return (
    <div className="team-page">
      <Filters label={m.team_reports_filters()}>
        <ChoiceSelect
          label={m.team_status()}
          choices={reportStatusChoices()}
          value={list.query.status}
          onChange={(value) => list.setQuery({ status: value })}
        />
      </Filters>
      <StatusLine status={status} />
      <PagedList
        list={list}
        name={m.team_reports_name()}
        empty={m.team_reports_empty()}
        row={(row) => {
          const report = edits.get(row.reportId) ?? row;
          return (
            <ReportRow
              key={report.reportId}
              report={report}
              onClose={(outcome) => {
                setStatus(undefined);
                setClosing({ report, outcome });
              }}
            />
          );
        }}
      />
      <ReasonDialog
        optional
        open={closing !== undefined}
        title={closing ? DIALOGS[closing.outcome].title() : ''}
        subject={closing?.report.offerHeader}
        label={m.team_reports_note()}
        confirmLabel={closing ? DIALOGS[closing.outcome].confirm() : ''}
        onConfirm={(note) => close(closing!, note)}
        onClose={() => setClosing(undefined)}
      />
    </div>
  );
}

function ReportRow({ report, onClose }: { report: Report; onClose: (outcome: Outcome) => void }) {
  const about = <span className="visually-hidden"> {m.team_reports_about({ header: report.offerHeader })}</span>;
  return (
    <li className="team-item card" id={rowId(report.reportId)} tabIndex={-1}>
      <div className="team-item-body">
        <p className="team-item-head">
          <span className="team-item-title">{report.offerHeader}</span>
          <span className={`badge ${REPORT_STATUS_TONES[report.status]}`}>{reportStatusLabel(report.status)}</span>
        </p>
        <dl className="team-facts">
          <Fact term={m.team_reports_offer()}>#{report.offerId}</Fact>
          <Fact term={m.team_reason()}>{reportReasonLabel(report.reason)}</Fact>
          <Fact term={m.team_received()}>{dateTimeText(report.createdAt)}</Fact>
          {report.closedAt && <Fact term={m.team_reports_closed()}>{dateTimeText(report.closedAt)}</Fact>}
        </dl>
        {report.message ? (
          <p className="team-text">{report.message}</p>
        ) : (
          <p className="team-muted">{m.team_reports_no_message()}</p>
        )}
      </div>
      <div className="team-actions">
        {report.status === 'open' && (
          <>
            <button type="button" className="button" aria-haspopup="dialog" onClick={() => onClose('resolved')}>
              {m.team_reports_resolve()}
              {about}
            </button>
            <button
              type="button"
              className="button secondary"
              aria-haspopup="dialog"
              onClick={() => onClose('dismissed')}
            >
              {m.team_reports_dismiss()}
              {about}
            </button>
          </>
        )}
        <a className="button secondary" href={`${consolePath('team', 'offers')}?q=${report.offerId}`}>
          {m.team_find_in_offers()}
          <span className="visually-hidden">: {report.offerHeader}</span>
        </a>
      </div>
    </li>
  );
}
