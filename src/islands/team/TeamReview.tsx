// /console/team/review: the pending offers, oldest first, each as the public view shows it, or
// those of one merchant or title. A reviewer edits any field, then accepts, or rejects with a
// reason (a common one or their own); several at once with the checkboxes. The merchant is told by
// SMS (the server sends it). Below, the changes sources made to listed offers: each accepted (the
// offer takes the source's version) or rejected.
import { useState } from 'react';
import * as v from 'valibot';
import { failureText } from '../../client/http.ts';
import { EligibilityAnswer } from '../../contract/eligibility.ts';
import type { OFFER_DATE_TYPES, OFFER_TYPES } from '../../contract/limits.ts';
import { COMMON_REJECT_REASONS, type TeamOfferData } from '../../contract/team.ts';
import type { RevisionData } from '../../contract/team-importers.ts';
import { apiImageSrc } from '../../lib/api-images.ts';
import { m } from '../../paraglide/messages.js';
import { eligibilityText } from '../../lib/format-eligibility.ts';
import { consolePath } from '../console/console-routes.ts';
import { OFFER_TYPE_LABELS, OFFER_VALIDITY_LABELS } from '../console/texts.ts';
import OfferEditDialog from './OfferEditDialog.tsx';
import { Filters, PagedList, StatusLine, type Status } from './list-parts.tsx';
import ReasonDialog from './ReasonDialog.tsx';
import { decideOffer, decideOffers, decideRevision, fetchRevisions, fetchTeamOffers } from './team-calls.ts';
import { dateTimeText } from './team-format.ts';
import TeamOfferItem, { OfferName } from './TeamOfferItem.tsx';
import { revisionFieldLabel } from './texts.ts';
import { useFocusRow } from './use-row-edits.ts';
import { usePaged } from './use-paged.ts';

type Rejecting = { offerIds: number[]; subject: string };
const LIST_HEADING_ID = 'team-review-list';

export default function TeamReview() {
  const list = usePaged(fetchTeamOffers, { status: 'pending', sort: 'oldest', q: '' });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [rejecting, setRejecting] = useState<Rejecting>();
  const [editing, setEditing] = useState<TeamOfferData>();
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);

  const offers = list.page.state === 'ready' ? list.page.data.data : [];
  const select = (offerId: number, checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (checked) next.add(offerId);
      else next.delete(offerId);
      return next;
    });
  // The decided rows leave the queue, their buttons with them: focus goes to the list's heading.
  const focusList = useFocusRow(rejecting !== undefined || editing !== undefined);
  const done = (text: string) => {
    setStatus({ text });
    setSelected(new Set());
    list.reload();
    focusList(LIST_HEADING_ID);
  };

  async function accept(offerIds: number[]) {
    setBusy(true);
    setStatus(undefined);
    try {
      if (offerIds.length === 1) {
        const offer = await decideOffer(offerIds[0]!, 'accept');
        done(m.team_review_accepted({ header: offer.header }));
      } else {
        const result = await decideOffers(offerIds, 'accept');
        done(decidedText('accepted', result.decided.length, result.skipped));
      }
    } catch (error) {
      // Another reviewer may have decided first: the list shows where things stand now.
      setStatus({ failed: true, text: failureText(error) });
      list.reload();
    }
    setBusy(false);
  }

  async function reject({ offerIds }: Rejecting, reason: string) {
    if (offerIds.length === 1) {
      const offer = await decideOffer(offerIds[0]!, 'reject', reason);
      done(m.team_review_rejected({ header: offer.header }));
    } else {
      const result = await decideOffers(offerIds, 'reject', reason);
      done(decidedText('rejected', result.decided.length, result.skipped));
    }
  }

  const chosen = offers.filter((offer) => selected.has(offer.offerId));
  return (
    <div className="team-page">
      <Filters
        label={m.team_review_filters()}
        search={{
          label: m.team_search_offers_label(),
          onSearch: (q) => {
            setSelected(new Set());
            list.setQuery({ q });
          },
        }}
      />
      <StatusLine status={status} />
      <h2 className="visually-hidden" id={LIST_HEADING_ID} tabIndex={-1}>
        {m.team_review_heading()}
      </h2>
      {offers.length > 0 && (
        <div className="team-bulk">
          <label>
            <input
              type="checkbox"
              checked={chosen.length === offers.length}
              onChange={(event) =>
                setSelected(new Set(event.target.checked ? offers.map((offer) => offer.offerId) : []))
              }
            />
            {m.team_review_select_all()}
          </label>
          <button
            type="button"
            className="button"
            disabled={busy || chosen.length === 0}
            onClick={() => void accept(chosen.map((offer) => offer.offerId))}
          >
            {m.team_review_accept_selected({ count: chosen.length })}
          </button>
          <button
            type="button"
            className="button danger secondary"
            disabled={busy || chosen.length === 0}
            aria-haspopup="dialog"
            onClick={() =>
              setRejecting({
                offerIds: chosen.map((offer) => offer.offerId),
                subject: m.team_review_selected_offers({ count: chosen.length }),
              })
            }
          >
            {m.team_review_reject_selected({ count: chosen.length })}
          </button>
        </div>
      )}
      <PagedList
        list={list}
        name={m.team_review_heading()}
        empty={m.team_review_empty()}
        row={(offer) => (
          <TeamOfferItem
            key={offer.offerId}
            offer={offer}
            selection={{ checked: selected.has(offer.offerId), onChange: (checked) => select(offer.offerId, checked) }}
          >
            <button type="button" className="button secondary" onClick={() => setEditing(offer)} aria-haspopup="dialog">
              {m.team_edit_offer()}
              <OfferName offer={offer} />
            </button>
            <button type="button" className="button" disabled={busy} onClick={() => void accept([offer.offerId])}>
              {m.team_accept()}
              <OfferName offer={offer} />
            </button>
            <button
              type="button"
              className="button danger secondary"
              aria-haspopup="dialog"
              onClick={() => setRejecting({ offerIds: [offer.offerId], subject: offer.header })}
            >
              {m.team_reject()}
              <OfferName offer={offer} />
            </button>
          </TeamOfferItem>
        )}
      />
      <ReasonDialog
        open={rejecting !== undefined}
        title={m.team_reject()}
        subject={rejecting?.subject}
        choices={COMMON_REJECT_REASONS}
        confirmLabel={m.team_reject()}
        onConfirm={(reason) => reject(rejecting!, reason)}
        onClose={() => setRejecting(undefined)}
      />
      <OfferEditDialog offer={editing} onSaved={list.reload} onClose={() => setEditing(undefined)} />
      <SourceChanges />
    </div>
  );
}

/** What a bulk decision did, with the offers it skipped and why. */
function decidedText(
  decision: 'accepted' | 'rejected',
  decided: number,
  skipped: { offerId: number; message: string }[],
) {
  const skippedText = skipped.map((item) => `#${item.offerId}: ${item.message}`).join(' ');
  const count = { count: decided };
  const text =
    decision === 'accepted'
      ? decided === 1
        ? m.team_review_accepted_count_one(count)
        : m.team_review_accepted_count_other(count)
      : decided === 1
        ? m.team_review_rejected_count_one(count)
        : m.team_review_rejected_count_other(count);
  return `${text}${skipped.length ? ` ${m.team_review_not_changed({ list: skippedText })}` : ''}`;
}

// ---------- changes from sources ----------

const CHANGES_HEADING_ID = 'team-review-changes';

/** The sources' changes to listed offers, oldest first: each accepted or rejected whole. */
function SourceChanges() {
  const list = usePaged(fetchRevisions, {});
  const [decided, setDecided] = useState<ReadonlySet<number>>(new Set());
  const [status, setStatus] = useState<Status>();
  const [busy, setBusy] = useState(false);
  const focusHeading = useFocusRow(false);

  async function decide(revision: RevisionData, decision: 'accept' | 'reject') {
    setBusy(true);
    setStatus(undefined);
    try {
      const done = await decideRevision(revision.revisionId, decision);
      setDecided((current) => new Set(current).add(revision.revisionId));
      setStatus({ text: `${revision.offer.header}: ${done.message}` });
      focusHeading(CHANGES_HEADING_ID); // the row went, its buttons with it
    } catch (error) {
      // Another reviewer may have decided it, or a newer change replaced it: the list shows where things stand now.
      setStatus({ failed: true, text: failureText(error) });
    }
    list.reload();
    setBusy(false);
  }

  return (
    <section className="team-review-changes" aria-labelledby={CHANGES_HEADING_ID}>
      <h2 id={CHANGES_HEADING_ID} tabIndex={-1}>
        {m.team_revisions_name()}
      </h2>
      <p className="team-note">{m.team_revisions_hint()}</p>
      <StatusLine status={status} />
      <PagedList
        list={list}
        name={m.team_revisions_name()}
        empty={m.team_revisions_empty()}
        row={(revision) =>
          decided.has(revision.revisionId) ? null : (
            <RevisionItem
              key={revision.revisionId}
              revision={revision}
              busy={busy}
              onDecide={(decision) => void decide(revision, decision)}
            />
          )
        }
      />
    </section>
  );
}

function RevisionItem({
  revision,
  busy,
  onDecide,
}: {
  revision: RevisionData;
  busy: boolean;
  onDecide: (decision: 'accept' | 'reject') => void;
}) {
  const { offer } = revision;
  return (
    <li className="team-item card" data-revision={revision.revisionId}>
      <div className="team-item-body">
        <p className="team-offer-meta">
          <img src={apiImageSrc(offer.bank.logoURL)} alt="" width={24} height={24} loading="lazy" />
          <span>{offer.bank.bankName}</span>
          <span aria-hidden="true">·</span>
          <span>{offer.merchant.merchantName}</span>
        </p>
        <h3 className="team-offer-header">{offer.header}</h3>
        <p className="team-muted">
          #{offer.offerId} · {m.team_revisions_from({ source: revision.sourceName })} ·{' '}
          {dateTimeText(revision.createdAt)}
        </p>
        <table className="team-table">
          <caption className="visually-hidden">{m.team_revisions_changes({ header: offer.header })}</caption>
          <thead>
            <tr>
              <th scope="col">{m.team_revisions_field()}</th>
              <th scope="col">{m.team_before()}</th>
              <th scope="col">{m.team_after()}</th>
            </tr>
          </thead>
          <tbody>
            {revision.changes.map((change) => {
              const label = revisionFieldLabel(change.field);
              return (
                <tr key={change.field} data-field={change.field}>
                  <th scope="row">{label}</th>
                  <td>
                    <LongText
                      text={valueText(change.field, change.before, offer)}
                      what={`${label}, ${m.team_before()}`}
                    />
                  </td>
                  <td>
                    <LongText
                      text={valueText(change.field, change.after, offer)}
                      what={`${label}, ${m.team_after()}`}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <div className="team-actions">
        <button type="button" className="button" disabled={busy} onClick={() => onDecide('accept')}>
          {m.team_revisions_accept()}
          <OfferName offer={offer} />
        </button>
        <button type="button" className="button danger secondary" disabled={busy} onClick={() => onDecide('reject')}>
          {m.team_revisions_reject()}
          <OfferName offer={offer} />
        </button>
        <a className="button secondary" href={`${consolePath('team', 'offers')}?q=${offer.offerId}`}>
          {m.team_find_in_offers()}
          <OfferName offer={offer} />
        </a>
      </div>
    </li>
  );
}

/** Values longer than this show cut, with a button for the rest. */
const SHORT_TEXT = 160;

function LongText({ text, what }: { text: string; what: string }) {
  const [expanded, setExpanded] = useState(false);
  if (text.length <= SHORT_TEXT) return <span className="team-text-inline">{text}</span>;
  return (
    <>
      <span className="team-text-inline">{expanded ? text : `${text.slice(0, SHORT_TEXT).trimEnd()}…`}</span>{' '}
      <button
        type="button"
        className="auth-link-button"
        aria-expanded={expanded}
        onClick={() => setExpanded(!expanded)}
      >
        {expanded ? m.team_revisions_show_less() : m.team_revisions_show_all()}
        <span className="visually-hidden"> ({what})</span>
      </button>
    </>
  );
}

/** A description is HTML the server sanitised: the review reads its text. */
const htmlText = (html: string) => new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';

/** A changed field's value as a reviewer reads it: dates in Sri Lanka time, eligibility in words, ids by name where the offer has it. */
function valueText(field: string, value: unknown, offer: TeamOfferData): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return '—';
  const text = String(value);
  switch (field) {
    case 'offerStart':
    case 'offerEnd':
      return Number.isNaN(Date.parse(text)) ? text : dateTimeText(text);
    case 'description':
      return htmlText(text) || '—';
    case 'offerType':
      return OFFER_TYPE_LABELS[text as (typeof OFFER_TYPES)[number]] ?? text;
    case 'offerDateType':
      return OFFER_VALIDITY_LABELS[text as (typeof OFFER_DATE_TYPES)[number]] ?? text;
    case 'eligibility': {
      const eligibility = v.safeParse(EligibilityAnswer, value);
      if (eligibility.success) return eligibilityText(eligibility.output, offer.bank.bankName);
      break;
    }
    case 'location':
      if (Array.isArray(value))
        return value
          .map((place) =>
            place && typeof place === 'object' && 'value' in place ? String(place.value) : String(place),
          )
          .join(', ');
      break;
    // The offer's own bank, category or merchant by name; another one by its id.
    case 'bankId':
      return value === offer.bankId ? offer.bank.bankName : `${revisionFieldLabel('bankId')} #${text}`;
    case 'categoryId':
      return value === offer.categoryId ? offer.category.categoryName : `${revisionFieldLabel('categoryId')} #${text}`;
    case 'merchantId':
      return value === offer.merchantId ? offer.merchant.merchantName : `${revisionFieldLabel('merchantId')} #${text}`;
  }
  if (Array.isArray(value))
    return value.map((item) => (typeof item === 'object' ? JSON.stringify(item) : String(item))).join(', ');
  return typeof value === 'object' ? JSON.stringify(value) : text;
}
