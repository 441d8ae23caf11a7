import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CropId, CropPurpose, CropResidue } from '@headland/domain/crops';
import { ApiClient } from '../../shell/http/apiClient.ts';
import { CroppingEditor } from './CroppingEditor.tsx';
import { aCropping, aField } from './testing/fieldsFixtures.ts';
import { renderFieldsScreen } from './testing/renderFieldsScreen.tsx';

const barley = aCropping({
  CroppingId: 7,
  CropId: CropId.SpringBarley,
  Residue: CropResidue.Baled,
  Purpose: CropPurpose.Malting,
  SowingDate: '2025-03-10',
  HarvestDate: '2025-08-20',
  Area: 4,
});
// Another crop on the same 10 ha field over the same months.
const neighbour = aCropping({
  CroppingId: 8,
  CropId: CropId.Peas,
  SowingDate: '2025-03-01',
  HarvestDate: '2025-07-30',
  Area: 6,
});
const field = aField({ Croppings: [barley, neighbour] });

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function renderEditor(fetch = vi.fn<typeof globalThis.fetch>()) {
  const onDone = vi.fn();
  const api = new ApiClient({ fetch, sleep: () => Promise.resolve() });
  renderFieldsScreen(
    <CroppingEditor
      field={field}
      cropping={barley}
      yearId={2025}
      varieties={[]}
      cropManagementOptionsEnabled
      onDone={onDone}
    />,
    { api },
  );
  return { onDone, fetch };
}

function typeDate(label: string, text: string) {
  const input = screen.getByLabelText(label);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

// Queries by text and label: role queries walk the whole accessibility tree of this large form, which is slow.
const saveButton = () => screen.getByText('Save').closest('button')!;

// Each test renders the whole form, which takes a few seconds in jsdom.
describe('CroppingEditor', { timeout: 30_000 }, () => {
  it('starts without messages and with Save enabled', () => {
    renderEditor();
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it('shows a date error as soon as the sowing is after the harvest, and disables Save', () => {
    renderEditor();
    typeDate('Sowing date', '01/09/2025');
    expect(screen.getByText('The sowing date must be before the harvest or destruction date.')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    typeDate('Sowing date', '01/04/2025');
    expect(screen.queryByText('The sowing date must be before the harvest or destruction date.')).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it('shows the concurrent-crops message when the overlapping crops overfill the field', () => {
    renderEditor();
    const area = screen.getByLabelText('Area');
    fireEvent.change(area, { target: { value: '9' } });
    fireEvent.blur(area);
    expect(
      screen.getByText(
        'There are other crops at the same time on this field, and the overall cropped area (15.00 ha) exceeds that of the field (10.00 ha). Please check the dates and area.',
      ),
    ).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    // Sown after the other crop is lifted, the two no longer share the field.
    typeDate('Sowing date', '01/08/2025');
    typeDate('Harvest date', '01/10/2025');
    expect(screen.queryByText(/There are other crops at the same time/)).toBeNull();
  });

  it("shows the crop's attributes for the holding's region", () => {
    renderEditor();
    // The select's input and its option list are both labelled by the field's label.
    const input = (label: RegExp) =>
      screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
    expect(input(/^Residue/)).toHaveProperty('required', true);
    expect(input(/^Purpose/)).toHaveProperty('required', true);
    expect(screen.queryByLabelText(/^Grass management/)).toBeNull();
    expect(screen.queryByLabelText(/^N crop group/)).toBeNull();
    expect(screen.getByText('SFI management options')).toBeTruthy();
  });

  it("shows the server's messages when the save is refused", async () => {
    const fetch = vi.fn<typeof globalThis.fetch>().mockResolvedValue(
      jsonResponse(400, {
        Message: 'The cropping area (4.00 ha) cannot be larger than the field area (3.00 ha).',
        Errors: [
          {
            Field: 'Area',
            Message: 'The cropping area (4.00 ha) cannot be larger than the field area (3.00 ha).',
          },
          { Field: 'YearId', Message: "2025 is not one of the holding's crop years." },
        ],
      }),
    );
    const { onDone } = renderEditor(fetch);
    fireEvent.click(saveButton());
    expect(
      await screen.findByText('The cropping area (4.00 ha) cannot be larger than the field area (3.00 ha).'),
    ).toBeTruthy();
    expect(screen.getByText("2025 is not one of the holding's crop years.")).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/croppings/v1/7');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({
      CropId: CropId.SpringBarley,
      SowingDate: '2025-03-10',
      Area: 4,
    });
  });

  it('saves and closes when the server accepts', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(jsonResponse(200, { ...barley, HarvestDate: '2025-08-25' }));
    const { onDone } = renderEditor(fetch);
    typeDate('Harvest date', '25/08/2025');
    fireEvent.click(saveButton());
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]?.body))).toMatchObject({
      HarvestDate: '2025-08-25',
      Version: barley.Version,
    });
  });

  it('keeps Save disabled for a new cropping until a crop is picked, without calling it an error yet', () => {
    renderFieldsScreen(
      <CroppingEditor
        field={field}
        yearId={2025}
        varieties={[]}
        cropManagementOptionsEnabled
        onDone={vi.fn()}
      />,
    );
    expect(screen.getByText('New cropping — Long Meadow, 2025')).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(screen.queryByText('Pick a crop.')).toBeNull();
    // Taking the whole field beside the other crops is only pointed out once the user has changed something.
    expect(document.querySelector('[role="alert"]')).toBeNull();
  });

  it('offers no Save to a session without the fields write right', () => {
    const onDone = vi.fn();
    renderFieldsScreen(
      <CroppingEditor
        field={field}
        cropping={barley}
        yearId={2025}
        varieties={[]}
        cropManagementOptionsEnabled
        onDone={onDone}
      />,
      {
        session: { readOnly: true },
      },
    );
    expect(screen.queryByText('Save')).toBeNull();
    expect(screen.getByText('You can see this cropping but not change it.')).toBeTruthy();
  });
});
