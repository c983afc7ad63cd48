// The team's changes to the catalogue: banks, categories and locations, each added or changed in one
// transaction with its audit row (the row before and after). A bank's or category's slug follows its
// name, so renaming one moves its pages: the site rebuilds in full (rebuilder.ts) and answers the old
// URLs with a 301 by id (site/routes.ts). A renamed location is renamed, in the same transaction, in
// the offers and the profiles that name it, since they store the name itself.
import { randomUUID } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { asc } from 'drizzle-orm';
import { cardName, type CardSpecData } from '../../contract/eligibility.ts';
import type { ErrorCode } from '../../contract/error-codes.ts';
import type { BankData, CategoryData, CategoryTranslationsData, LocationData } from '../../contract/index.ts';
import type {
  BankInput,
  CardTierData,
  CardTierInput,
  CategoryInput,
  LocationInput,
} from '../../contract/team-catalogue.ts';
import { slugify } from '../../lib/slugify.ts';
import type { Database } from '../db/client.ts';
import { isUniqueViolation } from '../db/execute.ts';
import { banks, cardTiers, categories, images, locations, offers, users } from '../db/schema.ts';
import { failure, fieldFailure, HttpFailure, invalidField } from '../errors.ts';
import { bankMonogramImages, categoryIconName, svgImage } from '../images/svg-image.ts';
import { categoryIconSvg, initials } from '../images/svg.ts';
import { toBank, toCategory, toLocation } from '../serialize.ts';
import { decodeUploadedImage, imageUrl } from '../services/images.ts';
import { recordAudit, type Transaction } from './audit.ts';

/** The monograms drawn for a bank without an uploaded logo: redrawn when its name or colour changes. */
const MONOGRAM_PREFIX = 'bank-monogram-';
const MONOGRAM_LETTERS = 3;

/** A form's name field, and its codes for a name already taken: `takenBy` names the row that has it. */
interface NameField {
  field: string;
  taken: ErrorCode;
  takenBy: ErrorCode;
}

/** The slug of a bank's or category's name; a name without a letter or digit has none and is refused. */
function slugOf(name: string, field: string): string {
  const slug = slugify(name);
  if (!slug) throw invalidField(field, 'name_needs_letter');
  return slug;
}

/**
 * Runs a change in one transaction. The names are checked inside it, but two team members adding the
 * same name at once still meet the unique index: that is answered as the duplicate it is.
 */
async function inTransaction<T>(db: Database, name: NameField, work: (tx: Transaction) => Promise<T>): Promise<T> {
  try {
    return await db.transaction(work);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldFailure(409, name.field, name.taken);
    throw error;
  }
}

/** 409 when the query finds another row with the name, naming that row. */
async function assertFree(found: Promise<{ name: string }[]>, name: NameField) {
  const [row] = await found;
  if (row) throw fieldFailure(409, name.field, name.takenBy, { name: row.name });
}

// ---------- banks ----------

const BANK_NAME: NameField = { field: 'bankName', taken: 'bank_name_taken', takenBy: 'bank_name_taken_by' };

/** An uploaded logo's bytes, checked before any transaction starts; refusals name the logo field. */
function decodeLogo(base64: string) {
  try {
    return decodeUploadedImage(base64);
  } catch (error) {
    if (error instanceof HttpFailure) throw invalidField('logo', error.code, error.params);
    throw error;
  }
}
type Logo = ReturnType<typeof decodeLogo>;

/** Stores the logo: an upload serves as logo and thumbnail alike; without one, a monogram in the bank's colour. */
async function storeLogo(tx: Transaction, bankName: string, color: string, upload: Logo | undefined) {
  if (upload) {
    await tx
      .insert(images)
      .values({ name: upload.name, contentType: upload.contentType, bytes: upload.bytes, ownerUserId: null });
    return { logoUrl: imageUrl(upload.name), thumbnailUrl: imageUrl(upload.name) };
  }
  const name = `${MONOGRAM_PREFIX}${randomUUID()}`;
  const letters = initials(bankName, MONOGRAM_LETTERS);
  const { logo, thumbnail } = bankMonogramImages(name, { name: bankName, letters, color });
  await tx.insert(images).values([logo, thumbnail]);
  return { logoUrl: imageUrl(logo.name), thumbnailUrl: imageUrl(thumbnail.name) };
}

/** Names with the same slug would have the same page addresses: they are the same name. */
const bankNamed = (tx: Transaction, slug: string, exceptId?: number) =>
  tx
    .select({ name: banks.bankName })
    .from(banks)
    .where(and(eq(banks.slug, slug), exceptId === undefined ? undefined : ne(banks.bankId, exceptId)))
    .limit(1);

/**
 * The bank's cards with each tier spelled as the tier list spells it, and the §7 card names made
 * from them; 400 naming the card whose tier the list does not have.
 */
async function issuedCardColumns(tx: Transaction, cards: CardSpecData[]) {
  const tiers = await tx.select({ tierName: cardTiers.tierName }).from(cardTiers);
  const byLowerName = new Map(tiers.map(({ tierName }) => [tierName.toLowerCase(), tierName]));
  const issuedCards = cards.map((card, i) => {
    if (card.tier === null) return card;
    const tier = byLowerName.get(card.tier.toLowerCase());
    if (!tier) throw invalidField(`issuedCards.${i}.tier`, 'unknown_tier');
    return { ...card, tier };
  });
  return { issuedCards, cardTypes: issuedCards.map(cardName) };
}

export async function createBank(db: Database, actorUserId: number, input: BankInput): Promise<BankData> {
  const slug = slugOf(input.bankName, 'bankName');
  const upload = input.logo ? decodeLogo(input.logo) : undefined;
  return toBank(
    await inTransaction(db, BANK_NAME, async (tx) => {
      const cards = await issuedCardColumns(tx, input.issuedCards);
      await assertFree(bankNamed(tx, slug), BANK_NAME);
      const logo = await storeLogo(tx, input.bankName, input.color, upload);
      const [bank] = await tx
        .insert(banks)
        .values({ bankName: input.bankName, slug, ...cards, color: input.color, ...logo })
        .returning();
      await recordAudit(tx, {
        actorUserId,
        action: 'bank.create',
        targetType: 'bank',
        targetId: bank!.bankId,
        after: bank,
      });
      return bank!;
    }),
  );
}

/** Changes every field; without a new logo the bank keeps its own (a monogram we drew is redrawn for a new name or colour). */
export async function updateBank(
  db: Database,
  actorUserId: number,
  bankId: number,
  input: BankInput,
): Promise<BankData> {
  const slug = slugOf(input.bankName, 'bankName');
  const upload = input.logo ? decodeLogo(input.logo) : undefined;
  return toBank(
    await inTransaction(db, BANK_NAME, async (tx) => {
      const [before] = await tx.select().from(banks).where(eq(banks.bankId, bankId)).for('update');
      if (!before) throw failure(404, 'bank_not_found');
      const cards = await issuedCardColumns(tx, input.issuedCards);
      await assertFree(bankNamed(tx, slug, bankId), BANK_NAME);
      const redraw =
        before.logoUrl.startsWith(imageUrl(MONOGRAM_PREFIX)) &&
        (before.bankName !== input.bankName || before.color !== input.color);
      const logo = upload || redraw ? await storeLogo(tx, input.bankName, input.color, upload) : {};
      const [after] = await tx
        .update(banks)
        .set({ bankName: input.bankName, slug, ...cards, color: input.color, ...logo })
        .where(eq(banks.bankId, bankId))
        .returning();
      await recordAudit(tx, {
        actorUserId,
        action: 'bank.update',
        targetType: 'bank',
        targetId: bankId,
        before,
        after,
      });
      return after!;
    }),
  );
}

// ---------- categories ----------

const CATEGORY_NAME: NameField = {
  field: 'categoryName',
  taken: 'category_name_taken',
  takenBy: 'category_name_taken_by',
};

const categoryNamed = (tx: Transaction, slug: string, exceptId?: number) =>
  tx
    .select({ name: categories.categoryName })
    .from(categories)
    .where(and(eq(categories.slug, slug), exceptId === undefined ? undefined : ne(categories.categoryId, exceptId)))
    .limit(1);

/** The icon's image, drawn if it is not there yet (the seed draws every icon, so it normally is). */
const storeIcon = (tx: Transaction, input: CategoryInput) =>
  tx
    .insert(images)
    .values(svgImage(categoryIconName(input.iconName), categoryIconSvg(input.iconName, input.categoryName)))
    .onConflictDoNothing();

/** The Sinhala and Tamil names as stored: only the languages given one. */
const storedCategoryTranslations = (
  translations: NonNullable<CategoryInput['translations']>,
): CategoryTranslationsData =>
  Object.fromEntries(Object.entries(translations).filter(([, names]) => names.categoryName !== ''));

export async function createCategory(db: Database, actorUserId: number, input: CategoryInput): Promise<CategoryData> {
  const slug = slugOf(input.categoryName, 'categoryName');
  return toCategory(
    await inTransaction(db, CATEGORY_NAME, async (tx) => {
      await assertFree(categoryNamed(tx, slug), CATEGORY_NAME);
      await storeIcon(tx, input);
      const [category] = await tx
        .insert(categories)
        .values({
          categoryName: input.categoryName,
          slug,
          iconName: input.iconName,
          translations: storedCategoryTranslations(input.translations ?? {}),
        })
        .returning();
      await recordAudit(tx, {
        actorUserId,
        action: 'category.create',
        targetType: 'category',
        targetId: category!.categoryId,
        after: category,
      });
      return category!;
    }),
  );
}

export async function updateCategory(
  db: Database,
  actorUserId: number,
  categoryId: number,
  input: CategoryInput,
): Promise<CategoryData> {
  const slug = slugOf(input.categoryName, 'categoryName');
  return toCategory(
    await inTransaction(db, CATEGORY_NAME, async (tx) => {
      const [before] = await tx.select().from(categories).where(eq(categories.categoryId, categoryId)).for('update');
      if (!before) throw failure(404, 'category_not_found');
      await assertFree(categoryNamed(tx, slug, categoryId), CATEGORY_NAME);
      await storeIcon(tx, input);
      const [after] = await tx
        .update(categories)
        .set({
          categoryName: input.categoryName,
          slug,
          iconName: input.iconName,
          ...(input.translations ? { translations: storedCategoryTranslations(input.translations) } : {}),
        })
        .where(eq(categories.categoryId, categoryId))
        .returning();
      await recordAudit(tx, {
        actorUserId,
        action: 'category.update',
        targetType: 'category',
        targetId: categoryId,
        before,
        after,
      });
      return after!;
    }),
  );
}

// ---------- locations ----------

const LOCATION_NAME: NameField = {
  field: 'locationName',
  taken: 'location_name_taken',
  takenBy: 'location_name_taken_by',
};

/** Names differing only in letter case are one town: offers and profiles name towns exactly, so two spellings would split them. */
const locationNamed = (tx: Transaction, name: string, exceptId?: number) =>
  tx
    .select({ name: locations.locationName })
    .from(locations)
    .where(
      and(
        sql`lower(${locations.locationName}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(locations.locationId, exceptId),
      ),
    )
    .limit(1);

export async function createLocation(
  db: Database,
  actorUserId: number,
  { locationName }: LocationInput,
): Promise<LocationData> {
  return toLocation(
    await inTransaction(db, LOCATION_NAME, async (tx) => {
      await assertFree(locationNamed(tx, locationName), LOCATION_NAME);
      const [location] = await tx.insert(locations).values({ locationName }).returning();
      await recordAudit(tx, {
        actorUserId,
        action: 'location.create',
        targetType: 'location',
        targetId: location!.locationId,
        after: location,
      });
      return location!;
    }),
  );
}

/** Renames a location, and with it every offer's entry (keeping its place and isActive) and every profile that names it. */
export async function updateLocation(
  db: Database,
  actorUserId: number,
  locationId: number,
  { locationName }: LocationInput,
): Promise<LocationData> {
  return toLocation(
    await inTransaction(db, LOCATION_NAME, async (tx) => {
      const [before] = await tx.select().from(locations).where(eq(locations.locationId, locationId)).for('update');
      if (!before) throw failure(404, 'location_not_found');
      await assertFree(locationNamed(tx, locationName, locationId), LOCATION_NAME);
      const [after] = await tx
        .update(locations)
        .set({ locationName })
        .where(eq(locations.locationId, locationId))
        .returning();
      const oldName = before.locationName;
      let [offersRenamed, profilesRenamed] = [0, 0];
      if (oldName !== locationName) {
        offersRenamed = (
          await tx
            .update(offers)
            .set({
              location: sql`(select jsonb_agg(case when entry->>'value' = ${oldName} then jsonb_set(entry, '{value}', to_jsonb(${locationName}::text)) else entry end order by position)
          from jsonb_array_elements(${offers.location}) with ordinality as entries(entry, position))`,
            })
            .where(sql`${offers.location} @> ${JSON.stringify([{ value: oldName }])}::jsonb`)
            .returning({ offerId: offers.offerId })
        ).length;
        profilesRenamed = (
          await tx
            .update(users)
            .set({ location: locationName })
            .where(eq(users.location, oldName))
            .returning({ userId: users.userId })
        ).length;
      }
      await recordAudit(tx, {
        actorUserId,
        action: 'location.update',
        targetType: 'location',
        targetId: locationId,
        before,
        after,
        note: `Renamed in ${offersRenamed} offer(s) and ${profilesRenamed} profile(s).`,
      });
      return after!;
    }),
  );
}

// ---------- card tiers ----------

const TIER_NAME: NameField = { field: 'tierName', taken: 'tier_name_taken', takenBy: 'tier_name_taken_by' };

const tierNamed = (tx: Transaction, name: string, exceptId?: number) =>
  tx
    .select({ name: cardTiers.tierName })
    .from(cardTiers)
    .where(
      and(
        sql`lower(${cardTiers.tierName}) = lower(${name})`,
        exceptId === undefined ? undefined : ne(cardTiers.tierId, exceptId),
      ),
    )
    .limit(1);

const toCardTier = ({ tierId, tierName }: { tierId: number; tierName: string }): CardTierData => ({ tierId, tierName });

export const listCardTiers = async (db: Database) =>
  (await db.select().from(cardTiers).orderBy(asc(cardTiers.position), asc(cardTiers.tierId))).map(toCardTier);

export async function createCardTier(
  db: Database,
  actorUserId: number,
  { tierName }: CardTierInput,
): Promise<CardTierData> {
  return toCardTier(
    await inTransaction(db, TIER_NAME, async (tx) => {
      await assertFree(tierNamed(tx, tierName), TIER_NAME);
      const [{ last }] = (await tx
        .select({ last: sql<number>`coalesce(max(${cardTiers.position}), 0)` })
        .from(cardTiers)) as [{ last: number }];
      const [tier] = await tx
        .insert(cardTiers)
        .values({ tierName, position: Number(last) + 1 })
        .returning();
      await recordAudit(tx, {
        actorUserId,
        action: 'cardTier.create',
        targetType: 'cardTier',
        targetId: tier!.tierId,
        after: tier,
      });
      return tier!;
    }),
  );
}

/** The jsonb list of cards with one tier renamed, in place. */
const renameTierIn = (cards: unknown, oldName: string, newName: string) => sql`(select coalesce(jsonb_agg(
    case when card->>'tier' = ${oldName} then jsonb_set(card, '{tier}', to_jsonb(${newName}::text)) else card end order by position), '[]'::jsonb)
  from jsonb_array_elements(${cards}) with ordinality as entries(card, position))`;

/** Renames a tier, and with it the banks' cards and the offers' listed cards that name it (their §7 card names too). */
export async function updateCardTier(
  db: Database,
  actorUserId: number,
  tierId: number,
  { tierName }: CardTierInput,
): Promise<CardTierData> {
  return toCardTier(
    await inTransaction(db, TIER_NAME, async (tx) => {
      const [before] = await tx.select().from(cardTiers).where(eq(cardTiers.tierId, tierId)).for('update');
      if (!before) throw failure(404, 'tier_not_found');
      await assertFree(tierNamed(tx, tierName, tierId), TIER_NAME);
      const [after] = await tx.update(cardTiers).set({ tierName }).where(eq(cardTiers.tierId, tierId)).returning();
      const oldName = before.tierName;
      let [banksRenamed, offersRenamed] = [0, 0];
      if (oldName !== tierName) {
        const naming = JSON.stringify([{ tier: oldName }]);
        const renamedBanks = await tx
          .update(banks)
          .set({ issuedCards: renameTierIn(banks.issuedCards, oldName, tierName) })
          .where(sql`${banks.issuedCards} @> ${naming}::jsonb`)
          .returning();
        for (const bank of renamedBanks) {
          await tx
            .update(banks)
            .set({ cardTypes: bank.issuedCards.map(cardName) })
            .where(eq(banks.bankId, bank.bankId));
        }
        banksRenamed = renamedBanks.length;
        offersRenamed = (
          await tx
            .update(offers)
            .set({
              eligibility: sql`jsonb_set(${offers.eligibility}, '{cards}', ${renameTierIn(sql`${offers.eligibility}->'cards'`, oldName, tierName)})`,
            })
            .where(sql`${offers.eligibility}->'cards' @> ${naming}::jsonb`)
            .returning({ offerId: offers.offerId })
        ).length;
      }
      await recordAudit(tx, {
        actorUserId,
        action: 'cardTier.update',
        targetType: 'cardTier',
        targetId: tierId,
        before,
        after,
        note: `Renamed in ${banksRenamed} bank(s) and ${offersRenamed} offer(s).`,
      });
      return after!;
    }),
  );
}
