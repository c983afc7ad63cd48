// A merchant's savings data, /savings/{merchantId}.json: its offers now and coming, and their banks'
// cards, which the savings answer ranks in the browser on an offer's page and in the offer modal
// (islands/offer/savings-answer.ts). Language-free; a publish renders the changed offers' merchants'.
import type { APIRoute, GetStaticPaths } from 'astro';
import { merchantPages, merchantSavingsData, type MerchantPageProps } from '../../build/merchant-page-view.ts';
import { rendersMerchantPage } from '../../build/page-selection.ts';
import { getSiteData } from '../../build/site-data.ts';

export const getStaticPaths = (async () => {
  const { offers } = await getSiteData();
  return merchantPages(offers)
    .filter((page) => rendersMerchantPage(page.merchant.merchantId))
    .map((page) => ({ params: { merchantId: String(page.merchant.merchantId) }, props: { page } }));
}) satisfies GetStaticPaths;

export const GET: APIRoute<{ page: MerchantPageProps }> = async ({ props }) => {
  const { banks } = await getSiteData();
  return new Response(JSON.stringify(merchantSavingsData(props.page, banks)), {
    headers: { 'content-type': 'application/json' },
  });
};
