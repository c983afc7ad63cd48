// /console/team/overview: what needs the team today (offers waiting for review, open reports,
// offers ending this week, sources' changes waiting in Review, each with the page that lists them;
// above them, the import sources whose last run went wrong), how the last site build went, and the
// expiry reminders' last run (time, SMS sent, skipped).
import { failureText } from '../../client/http.ts';
import LoadState from '../console/offer-steps/LoadState.tsx';
import { consolePath } from '../console/console-routes.ts';
import { useLoaded } from '../ui/use-loaded.ts';
import { Fact } from './list-parts.tsx';
import { fetchOverview } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { BUILD_KIND_LABELS, buildResultLabel, OVERVIEW_TEXTS as T } from './texts.ts';

type Overview = Awaited<ReturnType<typeof fetchOverview>>;

export default function TeamOverview() {
  const overview = useLoaded(fetchOverview, failureText);
  if (overview.state !== 'ready') return <LoadState loaded={overview} what={T.loading} onRetry={overview.reload} />;
  const { pendingReviews, openReports, endingThisWeek, pendingRevisions, importAlerts, lastBuild, lastReminderRun } = overview.data;
  return (
    <>
      {importAlerts.length > 0 && <ImportAlerts alerts={importAlerts} />}
      <ul className="team-figures">
        <Figure title={T.pendingReviews} value={pendingReviews} href={consolePath('team', 'review')} link={T.pendingLink} />
        <Figure title={T.openReports} value={openReports} href={consolePath('team', 'reports')} link={T.reportsLink} />
        <Figure title={T.endingThisWeek} value={endingThisWeek} href={`${consolePath('team', 'offers')}?ending=week`} link={T.endingLink} />
        <Figure title={T.pendingRevisions} value={pendingRevisions} href={consolePath('team', 'review')} link={T.revisionsLink} />
        <li className="team-figure team-build card">
          <h2>{T.lastBuild}</h2>
          <LastBuild build={lastBuild} />
        </li>
        <li className="team-figure team-build card" data-reminder-run>
          <h2>{T.lastReminderRun}</h2>
          <LastReminderRun run={lastReminderRun} />
        </li>
      </ul>
    </>
  );
}

/** Sources whose last run failed or listed nothing: their offers may go stale or end by mistake. */
function ImportAlerts({ alerts }: { alerts: Overview['importAlerts'] }) {
  return (
    <section className="team-alerts" aria-labelledby="team-import-alerts" data-import-alerts>
      <h2 id="team-import-alerts">{T.importAlerts}</h2>
      <ul>
        {alerts.map((alert) => <li key={alert.sourceKey}><strong>{alert.name}</strong>: {alert.message}</li>)}
      </ul>
      <a href={consolePath('team', 'importers')}>{T.importersLink}</a>
    </section>
  );
}

function Figure({ title, value, href, link }: { title: string; value: number; href: string; link: string }) {
  return (
    <li className="team-figure card">
      <h2>{title}</h2>
      <p className="team-figure-value">{value.toLocaleString('en-LK')}</p>
      <a href={href}>{link}</a>
    </li>
  );
}

function LastReminderRun({ run }: { run: Overview['lastReminderRun'] }) {
  if (!run) return <p>{T.noReminderRun}</p>;
  return (
    <>
      <dl className="team-facts">
        <Fact term={T.lastRun}>{dateTimeText(run.startedAt)}</Fact>
        <Fact term={T.sent}>{run.sent.toLocaleString('en-LK')}</Fact>
        <Fact term={T.skipped}>{run.skipped.toLocaleString('en-LK')}</Fact>
      </dl>
      {run.quietHours && <p className="team-note">{T.quietHours}</p>}
    </>
  );
}

function LastBuild({ build }: { build: Overview['lastBuild'] }) {
  if (!build) return <p>{T.noBuild}</p>;
  const tone = build.ok === null ? 'pending' : build.ok ? 'accepted' : 'rejected';
  return (
    <>
      <dl className="team-facts">
        <Fact term={T.kind}>{BUILD_KIND_LABELS[build.kind] ?? build.kind}</Fact>
        <Fact term={T.started}>{dateTimeText(build.startedAt)}</Fact>
        <Fact term={T.finished}>{build.finishedAt ? dateTimeText(build.finishedAt) : T.notFinished}</Fact>
        <Fact term={T.result}><span className={`badge ${tone}`}>{buildResultLabel(build.ok)}</span></Fact>
        {build.ok === false && build.message && <Fact term={T.message}><span className="team-text-inline">{build.message}</span></Fact>}
      </dl>
      <p className="team-note">{T.timeZoneNote}</p>
    </>
  );
}
