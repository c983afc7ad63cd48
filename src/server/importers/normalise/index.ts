// The importers' normalisers: pure functions from the banks' wording to typed offer fields.
export { readCards, structuredCards, type CardsReading } from './cards.ts';
export { readChannel } from './channel.ts';
export { readOfferDates, readStructuredDate, structuredDates, type OfferDates } from './dates.ts';
export { readDays, readTimeWindow, type TimeWindow } from './days.ts';
export { normaliseItem, type NormaliseResult } from './normalise-item.ts';
export { customRate, discountRates, readRate, structuredRate, type OfferRate } from './rates.ts';
export { readSpend, type SpendLimits } from './spend.ts';
export { readSteps, type Steps } from './steps.ts';
