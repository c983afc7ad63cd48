// Whole numbers with thousands separators as en-US writes them: "100,000,000". Plain code rather
// than toLocaleString: a page's first use of Intl loads its locale data, 20 to 35 ms of the main
// thread on a fast machine, and some of these texts are written as their modules load.
export const groupedDigits = (whole: number): string => String(Math.trunc(whole)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
