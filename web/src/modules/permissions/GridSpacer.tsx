/**
 * Stands in for the columns of a windowed grid that are out of view, so that the table keeps its full width
 * and the scroll bar its place; hidden from assistive technology, which learns the real size from
 * aria-colcount. Nothing is drawn for an empty run.
 */
export function GridSpacer({ width }: { width: number }) {
  if (width <= 0) return null;
  return <td aria-hidden className="hl-grid-spacer" style={{ width, minWidth: width, maxWidth: width }} />;
}

/** Stands in for the rows of a windowed grid that are out of view, spanning `span` columns. */
export function GridSpacerRow({ height, span }: { height: number; span: number }) {
  if (height <= 0) return null;
  return (
    <tbody aria-hidden>
      <tr style={{ height }}>
        <td className="hl-grid-spacer" colSpan={span} />
      </tr>
    </tbody>
  );
}
