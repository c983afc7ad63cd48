// The team console's calls (src/client/team.ts) with the signed-in team member's session.
import { teamCalls } from '../../client/team.ts';
import { sessionApi } from '../../stores/session-calls.ts';

export const {
  fetchOverview, fetchTeamOffers, decideOffer, decideOffers, withdrawOrEndOffer, editTeamOffer,
  fetchAccounts, changeAccount, changeAccountType, fetchMerchants, fetchMerchant, moveMerchantStep, createMerchant, downloadDocument,
  fetchReports, closeReport, fetchFeedback, markFeedbackHandled, fetchSubscribers, removeSubscriber, downloadSubscribers,
  fetchAudit, saveBank, saveCategory, saveLocation, fetchCardTiers, saveCardTier,
  fetchImportSources, fetchImportSource, changeImportSource, runImportSource, fetchCategoryKeywords, saveCategoryKeywords, fetchRevisions, decideRevision,
} = teamCalls(sessionApi);
