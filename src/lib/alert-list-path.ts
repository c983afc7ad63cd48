// Where an alert's list is on the site: the home page with the filter in its query string, in the
// names the home page's filter store reads (lib/filter-query.ts). My cards only is 'mine=1': the
// list then uses the visitor's own cards.
import type { OfferSearch } from '../contract/offer-search.ts';
import { CHANNEL_IN_URL, FILTER_QUERY_PARAMS as P, SORT_IN_URL } from './filter-query.ts';

export function alertListPath(filter: Partial<OfferSearch>): string {
  const params = new URLSearchParams();
  const put = (name: string, value: string | false | undefined) => {
    if (value) params.set(name, value);
  };
  put(P.bank, filter.bankIds?.join(','));
  put(P.category, filter.categoryIds?.join(','));
  put(P.network, filter.networks?.join(','));
  put(P.channel, filter.channel ? CHANNEL_IN_URL[filter.channel] : false);
  put(P.mine, Boolean(filter.cards?.length) && '1');
  put(P.validToday, filter.validToday && '1');
  put(P.endingSoon, filter.endingSoon && '1');
  put(P.plans, filter.kind === 'instalment' && '1');
  put(P.sort, filter.sort && filter.sort !== 'newest' && SORT_IN_URL[filter.sort]);
  const query = params.toString().replace(/%2C/g, ',');
  return query ? `/?${query}` : '/';
}

/** The customer console's page listing the alerts (src/pages/[...locale]/console/customer/alerts.astro). */
export const CONSOLE_ALERTS_PATH = '/console/customer/alerts';
