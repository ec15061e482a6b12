// The footer's copyright line: HTML of the site's own, as Docusaurus's `copyright` is.
export default function FooterCopyright({ copyright }: { copyright: string }) {
  return <p className="footer__copyright" dangerouslySetInnerHTML={{ __html: copyright }} />;
}
