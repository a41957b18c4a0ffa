/** The browser tab's title for a screen (React hoists <title> into the document's head). */
export function PageTitle({ title }: { title: string }) {
  return <title>{`${title} - Full Stack Project`}</title>;
}
