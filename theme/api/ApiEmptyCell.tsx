// What an empty table cell shows: a dash to the eye, "None" to assistive technology.
export default function ApiEmptyCell() {
  return (
    <>
      <span className="api-empty" aria-hidden="true">
        —
      </span>
      <span className="sr-only">None</span>
    </>
  );
}
