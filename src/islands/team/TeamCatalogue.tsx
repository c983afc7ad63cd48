// /console/team/catalogue: the banks (name, logo, colour and the cards each issues), the card
// tiers those cards name, the categories (name and icon) and the locations offers hang on. Each is added or changed in a
// dialog; a renamed bank or category gets its new slug, and the site answers its old addresses
// with a 301 once the rebuilder has rebuilt it (within minutes).
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { fetchBanks, fetchCategories, fetchLocations } from '../../client/catalogue-lists.ts';
import {
  CARD_KINDS,
  CARD_NETWORK_NAMES,
  CARD_NETWORKS,
  CARD_TIER_NAME_MAX,
  type CardSpecData,
} from '../../contract/eligibility.ts';
import { ApiError, failureText } from '../../client/http.ts';
import type { BankData, CategoryData } from '../../contract/index.ts';
import { LOCATION_NAME_MAX, TRANSLATED_LOCALES, type TranslatedLocale } from '../../contract/limits.ts';
import {
  CATALOGUE_NAME_MAX,
  CATEGORY_ICONS,
  type CardTierData,
  type CategoryIcon,
} from '../../contract/team-catalogue.ts';
import { apiImageSrc, categoryIconSrc } from '../../lib/api-images.ts';
import { LANGUAGE_NAMES } from '../../lib/languages.ts';
import { m } from '../../paraglide/messages.js';
import LoadState from '../console/offer-steps/LoadState.tsx';
import { SelectField, TextField } from '../ui/Field.tsx';
import { readAsDataUrl } from '../ui/read-file.ts';
import TitledDialog from '../ui/TitledDialog.tsx';
import { useLoaded } from '../ui/use-loaded.ts';
import { StatusLine } from './list-parts.tsx';
import { fetchCardTiers, saveBank, saveCardTier, saveCategory, saveLocation } from './team-calls.ts';
import { cardKindLabel } from './texts.ts';

type Location = Awaited<ReturnType<typeof fetchLocations>>[number];
type Editing =
  | { kind: 'bank'; bank?: BankData }
  | { kind: 'category'; category?: CategoryData }
  | { kind: 'location'; location?: Location }
  | { kind: 'tier'; tier?: CardTierData };

/** The dialog's title: Add or Edit, by what it edits. */
const TITLES = {
  bank: { add: m.team_catalogue_add_bank, edit: m.team_catalogue_edit_bank },
  category: { add: m.team_catalogue_add_category, edit: m.team_catalogue_edit_category },
  location: { add: m.team_catalogue_add_location, edit: m.team_catalogue_edit_location },
  tier: { add: m.team_catalogue_add_tier, edit: m.team_catalogue_edit_tier },
} as const;

export default function TeamCatalogue() {
  const banks = useLoaded(fetchBanks, failureText);
  const categories = useLoaded(fetchCategories, failureText);
  const locations = useLoaded(fetchLocations, failureText);
  const tiers = useLoaded(fetchCardTiers, failureText);
  const [editing, setEditing] = useState<Editing>();
  const [message, setMessage] = useState<string>();

  const saved = (text: string) => {
    setMessage(text);
    setEditing(undefined);
    banks.reload();
    categories.reload();
    locations.reload();
    tiers.reload();
  };

  return (
    <div className="team-catalogue">
      <StatusLine status={message === undefined ? undefined : { text: message }} />
      <Section
        title={m.team_catalogue_banks()}
        what="banks"
        loading={m.team_catalogue_banks_loading()}
        list={banks}
        onAdd={() => setEditing({ kind: 'bank' })}
      >
        {banks.state === 'ready' &&
          banks.data.map((bank) => (
            <li key={bank.bankId} className="team-row card" data-catalogue-bank={bank.bankId}>
              <div className="team-catalogue-entry">
                <img src={apiImageSrc(bank.logoURL)} alt="" width={40} height={40} loading="lazy" />
                <div>
                  <h3>{bank.bankName}</h3>
                  <p>{bank.cardTypes.join(', ')}</p>
                </div>
              </div>
              <button
                type="button"
                className="button secondary"
                aria-haspopup="dialog"
                onClick={() => setEditing({ kind: 'bank', bank })}
              >
                {m.team_edit()} <span className="visually-hidden">{bank.bankName}</span>
              </button>
            </li>
          ))}
      </Section>
      <Section
        title={m.team_catalogue_tiers()}
        what="card tiers"
        loading={m.team_catalogue_tiers_loading()}
        list={tiers}
        onAdd={() => setEditing({ kind: 'tier' })}
      >
        {tiers.state === 'ready' &&
          tiers.data.map((tier) => (
            <li key={tier.tierId} className="team-row card" data-catalogue-tier={tier.tierId}>
              <h3>{tier.tierName}</h3>
              <button
                type="button"
                className="button secondary"
                aria-haspopup="dialog"
                onClick={() => setEditing({ kind: 'tier', tier })}
              >
                {m.team_edit()} <span className="visually-hidden">{tier.tierName}</span>
              </button>
            </li>
          ))}
      </Section>
      <Section
        title={m.team_catalogue_categories()}
        what="categories"
        loading={m.team_catalogue_categories_loading()}
        list={categories}
        onAdd={() => setEditing({ kind: 'category' })}
      >
        {categories.state === 'ready' &&
          categories.data.map((category) => (
            <li key={category.categoryId} className="team-row card" data-catalogue-category={category.categoryId}>
              <div className="team-catalogue-entry">
                <img src={categoryIconSrc(category.iconName)} alt="" width={32} height={32} loading="lazy" />
                <h3>{category.categoryName}</h3>
                {TRANSLATED_LOCALES.map(
                  (locale) =>
                    category.translations[locale]?.categoryName && (
                      <span key={locale} className="team-catalogue-translation" lang={locale}>
                        {category.translations[locale].categoryName}
                      </span>
                    ),
                )}
              </div>
              <button
                type="button"
                className="button secondary"
                aria-haspopup="dialog"
                onClick={() => setEditing({ kind: 'category', category })}
              >
                {m.team_edit()} <span className="visually-hidden">{category.categoryName}</span>
              </button>
            </li>
          ))}
      </Section>
      <Section
        title={m.team_catalogue_locations()}
        what="locations"
        loading={m.team_catalogue_locations_loading()}
        list={locations}
        onAdd={() => setEditing({ kind: 'location' })}
      >
        {locations.state === 'ready' &&
          locations.data.map((location) => (
            <li key={location.locationId} className="team-row card">
              <h3>{location.locationName}</h3>
              <button
                type="button"
                className="button secondary"
                aria-haspopup="dialog"
                onClick={() => setEditing({ kind: 'location', location })}
              >
                {m.team_edit()} <span className="visually-hidden">{location.locationName}</span>
              </button>
            </li>
          ))}
      </Section>
      <TitledDialog
        open={editing !== undefined}
        onClose={() => setEditing(undefined)}
        className="team-dialog"
        title={editing ? TITLES[editing.kind][isNew(editing) ? 'add' : 'edit']() : ''}
      >
        {editing?.kind === 'bank' && (
          <BankForm
            key={editing.bank?.bankId ?? 'new'}
            bank={editing.bank}
            tiers={tiers.state === 'ready' ? tiers.data : []}
            onSaved={saved}
          />
        )}
        {editing?.kind === 'tier' && (
          <TierForm key={editing.tier?.tierId ?? 'new'} tier={editing.tier} onSaved={saved} />
        )}
        {editing?.kind === 'category' && (
          <CategoryForm key={editing.category?.categoryId ?? 'new'} category={editing.category} onSaved={saved} />
        )}
        {editing?.kind === 'location' && (
          <LocationForm key={editing.location?.locationId ?? 'new'} location={editing.location} onSaved={saved} />
        )}
      </TitledDialog>
    </div>
  );
}

function isNew(editing: Editing): boolean {
  switch (editing.kind) {
    case 'bank':
      return !editing.bank;
    case 'category':
      return !editing.category;
    case 'location':
      return !editing.location;
    case 'tier':
      return !editing.tier;
  }
}

function Section({
  title,
  what,
  loading,
  list,
  onAdd,
  children,
}: {
  /** `what` names the section in its heading's id; `loading` is its list's name while it loads. */
  title: string;
  what: string;
  loading: string;
  list: Parameters<typeof LoadState>[0]['loaded'] & { reload: () => void };
  onAdd: () => void;
  children: ReactNode;
}) {
  return (
    <section className="team-catalogue-section" aria-labelledby={`catalogue-${what}`}>
      <div className="console-toolbar">
        <h2 id={`catalogue-${what}`}>{title}</h2>
        <button type="button" className="button" aria-haspopup="dialog" onClick={onAdd}>
          {m.team_add()}
        </button>
      </div>
      {list.state !== 'ready' ? (
        <LoadState loaded={list} what={loading} onRetry={list.reload} />
      ) : (
        <ul className="team-rows">{children}</ul>
      )}
    </section>
  );
}

/** A form's save: busy while it runs, the server's field messages at their fields, anything else below the form. */
function useSave(run: () => Promise<string>, onSaved: (message: string) => void) {
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setErrors({});
    setFailure(undefined);
    try {
      onSaved(await run());
    } catch (error) {
      const issues = error instanceof ApiError ? error.issues : [];
      // An issue inside a list ('issuedCards.2.tier') shows at the list.
      // By the field's own path ('translations.si.categoryName') and by its first part ('translations').
      setErrors(
        Object.fromEntries(
          issues.flatMap((issue) => [
            [issue.path.split('.')[0]!, issue.message],
            [issue.path, issue.message],
          ]),
        ),
      );
      if (issues.length === 0) setFailure(failureText(error));
    }
    setBusy(false);
  };
  const actions = (
    <>
      {failure && (
        <p className="console-status is-failed" role="alert">
          {failure}
        </p>
      )}
      <div className="auth-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? m.team_saving() : m.team_save()}
        </button>
      </div>
    </>
  );
  return { errors, submit, actions, busy };
}

function BankForm({
  bank,
  tiers,
  onSaved,
}: {
  bank?: BankData;
  tiers: CardTierData[];
  onSaved: (message: string) => void;
}) {
  const id = useId();
  const [name, setName] = useState(bank?.bankName ?? '');
  const [cards, setCards] = useState<CardSpecData[]>(bank?.issuedCards.length ? bank.issuedCards : [NEW_CARD]);
  const [color, setColor] = useState(bank?.color ?? '#1f2937');
  const [logo, setLogo] = useState<File>();
  const save = useSave(async () => {
    const saved = await saveBank(bank?.bankId, {
      bankName: name,
      color,
      issuedCards: cards,
      logo: logo ? await readAsDataUrl(logo) : null,
    });
    return m.team_catalogue_saved({ name: saved.bankName });
  }, onSaved);
  return (
    <form className="auth-form" onSubmit={(event) => void save.submit(event)} noValidate aria-busy={save.busy}>
      <TextField
        id={`${id}-name`}
        label={m.team_catalogue_bank_name()}
        value={name}
        maxLength={CATALOGUE_NAME_MAX}
        error={save.errors.bankName}
        hint={bank ? m.team_catalogue_rename_hint() : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      <IssuedCardsField
        id={`${id}-cards`}
        cards={cards}
        tiers={tiers}
        error={save.errors.issuedCards}
        onChange={setCards}
      />
      <TextField
        id={`${id}-color`}
        label={m.team_catalogue_colour()}
        type="color"
        value={color}
        error={save.errors.color}
        onChange={(event) => setColor(event.target.value)}
      />
      <TextField
        id={`${id}-logo`}
        label={bank ? m.team_catalogue_new_logo() : m.team_catalogue_logo()}
        type="file"
        accept="image/png,image/jpeg"
        error={save.errors.logo}
        onChange={(event) => setLogo(event.target.files?.[0])}
      />
      {save.actions}
    </form>
  );
}

function CategoryForm({ category, onSaved }: { category?: CategoryData; onSaved: (message: string) => void }) {
  const id = useId();
  const [name, setName] = useState(category?.categoryName ?? '');
  const [icon, setIcon] = useState<CategoryIcon>(
    (CATEGORY_ICONS as readonly string[]).includes(category?.iconName ?? '')
      ? (category!.iconName as CategoryIcon)
      : CATEGORY_ICONS[0],
  );
  const [translatedNames, setTranslatedNames] = useState(
    () =>
      Object.fromEntries(
        TRANSLATED_LOCALES.map((locale) => [locale, category?.translations[locale]?.categoryName ?? '']),
      ) as Record<TranslatedLocale, string>,
  );
  const translations = Object.fromEntries(
    TRANSLATED_LOCALES.map((locale) => [locale, { categoryName: translatedNames[locale] }]),
  );
  const save = useSave(
    async () =>
      m.team_catalogue_saved({
        name: (await saveCategory(category?.categoryId, { categoryName: name, iconName: icon, translations }))
          .categoryName,
      }),
    onSaved,
  );
  return (
    <form className="auth-form" onSubmit={(event) => void save.submit(event)} noValidate aria-busy={save.busy}>
      <TextField
        id={`${id}-name`}
        label={m.team_catalogue_category_name()}
        value={name}
        maxLength={CATALOGUE_NAME_MAX}
        error={save.errors.categoryName}
        hint={category ? m.team_catalogue_rename_hint() : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      {TRANSLATED_LOCALES.map((locale) => (
        <TextField
          key={locale}
          id={`${id}-name-${locale}`}
          lang={locale}
          label={m.team_catalogue_category_name_in({ language: LANGUAGE_NAMES[locale] })}
          value={translatedNames[locale]}
          maxLength={CATALOGUE_NAME_MAX}
          error={save.errors[`translations.${locale}.categoryName`]}
          onChange={(event) => setTranslatedNames((names) => ({ ...names, [locale]: event.target.value }))}
        />
      ))}
      <SelectField
        id={`${id}-icon`}
        label={m.team_catalogue_icon()}
        value={icon}
        error={save.errors.iconName}
        onChange={(event) => setIcon(event.target.value as CategoryIcon)}
        after={<img className="team-icon-preview" src={categoryIconSrc(icon)} alt="" width={32} height={32} />}
      >
        {CATEGORY_ICONS.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </SelectField>
      {save.actions}
    </form>
  );
}

function LocationForm({ location, onSaved }: { location?: Location; onSaved: (message: string) => void }) {
  const id = useId();
  const [name, setName] = useState(location?.locationName ?? '');
  const save = useSave(
    async () => m.team_catalogue_saved({ name: (await saveLocation(location?.locationId, name)).locationName }),
    onSaved,
  );
  return (
    <form className="auth-form" onSubmit={(event) => void save.submit(event)} noValidate aria-busy={save.busy}>
      <TextField
        id={`${id}-name`}
        label={m.team_catalogue_location_name()}
        value={name}
        maxLength={LOCATION_NAME_MAX}
        error={save.errors.locationName}
        hint={location ? m.team_catalogue_location_hint() : undefined}
        onChange={(event) => setName(event.target.value)}
      />
      {save.actions}
    </form>
  );
}

const NEW_CARD: CardSpecData = { network: 'visa', kind: 'credit', tier: null };

/** The cards a bank issues: one row per card (network, kind, tier or none), added and removed. */
function IssuedCardsField({
  id,
  cards,
  tiers,
  error,
  onChange,
}: {
  id: string;
  cards: CardSpecData[];
  tiers: CardTierData[];
  error?: string;
  onChange: (cards: CardSpecData[]) => void;
}) {
  const change = (index: number, patch: Partial<CardSpecData>) =>
    onChange(cards.map((card, i) => (i === index ? { ...card, ...patch } : card)));
  // A tier the list no longer has (renamed elsewhere meanwhile) stays choosable, so the row does not change by itself.
  const tierNames = [
    ...new Set([...tiers.map((tier) => tier.tierName), ...cards.flatMap((card) => (card.tier ? [card.tier] : []))]),
  ];
  return (
    <fieldset className="team-cards" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{m.team_catalogue_cards()}</legend>
      <ul className="team-card-rows">
        {cards.map((card, i) => (
          <li key={i} className="team-card-row">
            <select
              aria-label={m.team_catalogue_card_network({ n: i + 1 })}
              value={card.network}
              onChange={(event) => change(i, { network: event.target.value as CardSpecData['network'] })}
            >
              {CARD_NETWORKS.map((network) => (
                <option key={network} value={network}>
                  {CARD_NETWORK_NAMES[network]}
                </option>
              ))}
            </select>
            <select
              aria-label={m.team_catalogue_card_kind({ n: i + 1 })}
              value={card.kind}
              onChange={(event) => change(i, { kind: event.target.value as CardSpecData['kind'] })}
            >
              {CARD_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {cardKindLabel(kind)}
                </option>
              ))}
            </select>
            <select
              aria-label={m.team_catalogue_card_tier({ n: i + 1 })}
              value={card.tier ?? ''}
              onChange={(event) => change(i, { tier: event.target.value || null })}
            >
              <option value="">{m.team_catalogue_no_tier()}</option>
              {tierNames.map((tier) => (
                <option key={tier} value={tier}>
                  {tier}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="button secondary"
              disabled={cards.length === 1}
              onClick={() => onChange(cards.filter((_, j) => j !== i))}
            >
              {m.team_remove()} <span className="visually-hidden">{m.team_catalogue_card_n({ n: i + 1 })}</span>
            </button>
          </li>
        ))}
      </ul>
      <button type="button" className="button secondary" onClick={() => onChange([...cards, NEW_CARD])}>
        {m.team_catalogue_add_card()}
      </button>
      {error && (
        <p id={`${id}-error`} className="auth-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

function TierForm({ tier, onSaved }: { tier?: CardTierData; onSaved: (message: string) => void }) {
  const id = useId();
  const [name, setName] = useState(tier?.tierName ?? '');
  const save = useSave(
    async () => m.team_catalogue_saved({ name: (await saveCardTier(tier?.tierId, name)).tierName }),
    onSaved,
  );
  return (
    <form className="auth-form" onSubmit={(event) => void save.submit(event)} noValidate aria-busy={save.busy}>
      <TextField
        id={`${id}-name`}
        label={m.team_catalogue_tier_name()}
        value={name}
        maxLength={CARD_TIER_NAME_MAX}
        error={save.errors.tierName}
        hint={tier ? m.team_catalogue_tier_hint() : m.team_catalogue_tier_example()}
        onChange={(event) => setName(event.target.value)}
      />
      {save.actions}
    </form>
  );
}
