// The stylesheets of code loaded on demand (the signed-in header, dialogs opened by a press), as
// React 19 stylesheet resources. Their CSS is imported as a URL (`?url`), not as CSS: Astro inlines
// the CSS of every module a page could ever load into the page itself, which put these into every
// page's HTML. React puts each link in the head once, and holds the component back until it applies.
export default function Stylesheets({ hrefs }: { hrefs: readonly string[] }) {
  return (
    <>
      {hrefs.map((href) => (
        <link key={href} rel="stylesheet" href={href} precedence="on-demand" />
      ))}
    </>
  );
}
