export interface GridCheckboxProps {
  label: string;
  checked: boolean;
  /** Shown as neither ticked nor unticked: some of a group's croppings are open, some not. */
  mixed?: boolean;
  disabled?: boolean;
  onChange(checked: boolean): void;
}

/**
 * A grid cell's checkbox: a plain input, light enough for a grid of thousands of cells. A mixed state is the
 * input's indeterminate flag, which only script can set; assistive technology reads it as 'mixed'.
 */
export function GridCheckbox({ label, checked, mixed = false, disabled, onChange }: GridCheckboxProps) {
  return (
    <input
      type="checkbox"
      className="hl-grid-check"
      aria-label={label}
      checked={checked}
      disabled={disabled}
      ref={(node) => {
        if (node) node.indeterminate = mixed;
      }}
      onChange={(event) => onChange(event.currentTarget.checked)}
    />
  );
}
