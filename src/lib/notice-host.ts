/**
 * Where a notice goes: in the top open modal dialog (a code dialog over the profile, the offer
 * modal), since the page behind it is inert; otherwise in <body>, where no ancestor's overflow or
 * transform moves or clips a fixed corner.
 */
export const noticeHost = (): Element => [...document.querySelectorAll('dialog[open]:modal')].at(-1) ?? document.body;
