// The pages the site benches measure: home, the bank page of a live offer, that offer's page and its merchant's page.
import type { OfferData } from '../../src/contract/index.ts';
import { localePath } from '../../src/lib/locale-path.ts';
import { bankPagePath, merchantPagePath, offerCanonicalPath } from '../../src/lib/site-urls.ts';
import { baseLocale, locales } from '../../src/paraglide/runtime.js';

export interface BenchPage {
  name: string;
  kind: 'home' | 'bank' | 'offer' | 'merchant';
  locale: string;
  path: string;
}

/** Home, the bank page of a live offer, that offer's page and its merchant's page, in each language ('home', 'si home', 'ta home', ...), on the site at siteUrl. */
export async function pickPages(siteUrl: string): Promise<BenchPage[]> {
  const offers: OfferData[] = (await (await fetch(`${siteUrl}/api/site/offers/1`)).json()).data;
  const offer =
    offers.find((o) => o.status !== 'expired' && o.status !== 'expireSoon' && o.merchant.slug) ?? offers[0]!;
  const paths = {
    home: '/',
    bank: bankPagePath({ bankId: offer.bankId, bankName: offer.bank.bankName }),
    offer: offerCanonicalPath(offer),
    merchant: merchantPagePath({ slug: offer.merchant.slug! }),
  };
  return locales.flatMap((locale) =>
    (['home', 'bank', 'offer', 'merchant'] as const).map((kind) => ({
      name: locale === baseLocale ? kind : `${locale} ${kind}`,
      kind,
      locale,
      path: localePath(paths[kind], locale),
    })),
  );
}
