// /console/team/overview: what needs the team today (offers waiting for review, open reports,
// offers ending this week, sources' changes waiting in Review, each with the page that lists them;
// above them, the import sources whose last run went wrong), how the last site build went, and the
// expiry reminders' last run (time, SMS sent, skipped), and whether the rate limits' Redis answers.
import { failureText } from '../../client/http.ts';
import { m } from '../../paraglide/messages.js';
import LoadState from '../console/offer-steps/LoadState.tsx';
import { consolePath } from '../console/console-routes.ts';
import { useLoaded } from '../ui/use-loaded.ts';
import { Fact } from './list-parts.tsx';
import { fetchOverview } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import { buildKindLabel, buildResultLabel } from './texts.ts';

type Overview = Awaited<ReturnType<typeof fetchOverview>>;

export default function TeamOverview() {
  const overview = useLoaded(fetchOverview, failureText);
  if (overview.state !== 'ready')
    return <LoadState loaded={overview} what={m.team_overview_loading()} onRetry={overview.reload} />;
  const {
    pendingReviews,
    openReports,
    endingThisWeek,
    pendingRevisions,
    importAlerts,
    lastBuild,
    lastReminderRun,
    redis,
  } = overview.data;
  return (
    <>
      {importAlerts.length > 0 && <ImportAlerts alerts={importAlerts} />}
      <ul className="team-figures">
        <Figure
          title={m.team_review_heading()}
          value={pendingReviews}
          href={consolePath('team', 'review')}
          link={m.team_overview_pending_link()}
        />
        <Figure
          title={m.team_overview_open_reports()}
          value={openReports}
          href={consolePath('team', 'reports')}
          link={m.team_overview_reports_link()}
        />
        <Figure
          title={m.team_overview_ending_this_week()}
          value={endingThisWeek}
          href={`${consolePath('team', 'offers')}?ending=week`}
          link={m.team_overview_ending_link()}
        />
        <Figure
          title={m.team_revisions_name()}
          value={pendingRevisions}
          href={consolePath('team', 'review')}
          link={m.team_overview_revisions_link()}
        />
        <li className="team-figure team-build card">
          <h2>{m.team_overview_last_build()}</h2>
          <LastBuild build={lastBuild} />
        </li>
        <li className="team-figure team-build card" data-reminder-run>
          <h2>{m.team_overview_last_reminder_run()}</h2>
          <LastReminderRun run={lastReminderRun} />
        </li>
        <li className="team-figure team-build card" data-redis={redis.state}>
          <h2>{m.team_overview_redis()}</h2>
          <RedisState redis={redis} />
        </li>
      </ul>
    </>
  );
}

/** Sources whose last run failed or listed nothing: their offers may go stale or end by mistake. */
function ImportAlerts({ alerts }: { alerts: Overview['importAlerts'] }) {
  return (
    <section className="team-alerts" aria-labelledby="team-import-alerts" data-import-alerts>
      <h2 id="team-import-alerts">{m.team_overview_import_alerts()}</h2>
      <ul>
        {alerts.map((alert) => (
          <li key={alert.sourceKey}>
            <strong>{alert.name}</strong>: {alert.message}
          </li>
        ))}
      </ul>
      <a href={consolePath('team', 'importers')}>{m.team_overview_importers_link()}</a>
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
  if (!run) return <p>{m.team_overview_no_reminder_run()}</p>;
  return (
    <>
      <dl className="team-facts">
        <Fact term={m.team_last_run()}>{dateTimeText(run.startedAt)}</Fact>
        <Fact term={m.team_overview_sent()}>{run.sent.toLocaleString('en-LK')}</Fact>
        <Fact term={m.team_overview_skipped()}>{run.skipped.toLocaleString('en-LK')}</Fact>
      </dl>
      {run.quietHours && <p className="team-note">{m.team_overview_quiet_hours()}</p>}
    </>
  );
}

/** Unreachable, each process counts its own limits: an attacker spread over several processes gets more tries. */
function RedisState({ redis }: { redis: Overview['redis'] }) {
  if (redis.state === 'connected')
    return (
      <p>
        <span className="badge accepted">{m.team_overview_redis_connected()}</span>
      </p>
    );
  if (redis.state === 'unreachable' && redis.since)
    return (
      <p>
        <span className="badge rejected">{m.team_overview_redis_unreachable({ time: dateTimeText(redis.since) })}</span>
      </p>
    );
  return <p>{m.team_overview_redis_not_configured()}</p>;
}

function LastBuild({ build }: { build: Overview['lastBuild'] }) {
  if (!build) return <p>{m.team_overview_no_build()}</p>;
  const tone = build.ok === null ? 'pending' : build.ok ? 'accepted' : 'rejected';
  return (
    <>
      <dl className="team-facts">
        <Fact term={m.team_overview_kind()}>{buildKindLabel(build.kind)}</Fact>
        <Fact term={m.team_overview_started()}>{dateTimeText(build.startedAt)}</Fact>
        <Fact term={m.team_overview_finished()}>
          {build.finishedAt ? dateTimeText(build.finishedAt) : m.team_overview_not_finished()}
        </Fact>
        <Fact term={m.team_overview_result()}>
          <span className={`badge ${tone}`}>{buildResultLabel(build.ok)}</span>
        </Fact>
        {build.ok === false && build.message && (
          <Fact term={m.team_overview_message()}>
            <span className="team-text-inline">{build.message}</span>
          </Fact>
        )}
      </dl>
      <p className="team-note">{m.team_overview_time_zone_note()}</p>
    </>
  );
}
