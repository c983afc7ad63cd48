// Sri Lanka's clock for dates the pages show and the days offers run on. Asia/Colombo has been
// UTC+05:30 all year since 2006, with no daylight saving, so a fixed offset is its time zone:
// dayjs's utcOffset gives the same days and hours as the timezone plugin, at a twenty-fifth of the
// cost (the plugin asks Intl for the zone's offset on every call; a build does that for every card).
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { SRI_LANKA_UTC_OFFSET_MS } from '../contract/limits.ts';

dayjs.extend(utc);

const OFFSET_MINUTES = SRI_LANKA_UTC_OFFSET_MS / 60_000;

/** A date or instant as Sri Lanka's clock shows it. */
export const inSriLanka = (value?: dayjs.ConfigType) => dayjs(value).utcOffset(OFFSET_MINUTES);
