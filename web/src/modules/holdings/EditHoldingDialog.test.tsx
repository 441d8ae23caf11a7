import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { HoldingDetails } from '@headland/domain/api/holdingsApi';
import { Role } from '@headland/domain/roles';
import { ApiProblemDialogs } from '../../shell/dialogs/ApiProblemDialogs.tsx';
import { EditHoldingDialog } from './EditHoldingDialog.tsx';
import { nvzGuidance } from './HoldingTab.tsx';
import { aHoldingDetails } from './testing/holdingsFixtures.ts';
import { fakeHoldingsServer, type FakeServerOptions } from './testing/fakeHoldingsServer.ts';
import { renderHoldingsScreen } from './testing/renderHoldingsScreen.tsx';
import type { AppSession } from '../../shell/session/AppSessionContext.tsx';

/** The words for the holding form's problems (holdings spec §5.1). */
const holdingMessages = {
  tradingNameRequired: 'Trading Name is required.',
  postTownRequired: 'Post Town is required.',
  regionRequired: 'Region is required.',
  totalAreaNegative: 'Total area cannot be less than zero.',
  derogationNumberRequired: 'Grassland Derogation Number is required.',
  startingYearRequired: 'Starting Year is required.',
  startingYearOutOfRange: 'Starting Year must be between 1990 and 2100.',
  pkModelRequired: 'PK model is required.',
  pSorpCapacityInvalid: 'Default P sorp capacity must be 1, 2 or 3.',
  weatherStationRequired: 'Weather station is required.',
  monthlyRainfallRequired: 'A rainfall value of zero or more is required for every month.',
  accountNumberTooLong: 'Account Number cannot be longer than 20 characters.',
  addressTooManyLines: 'Address cannot have more than 4 lines.',
} as const;

interface SetupOptions extends FakeServerOptions {
  /** The holding to edit; a new holding when null. Defaults to the session's holding 11. */
  holding?: HoldingDetails | null;
  role?: Role;
  session?: Partial<AppSession>;
}

async function setup(options: SetupOptions = {}) {
  const holding = options.holding === undefined ? aHoldingDetails() : options.holding;
  const server = fakeHoldingsServer({ holdings: holding ? [holding] : [], ...options });
  const onClose = vi.fn();
  const onSaved = vi.fn();
  const { refreshHolding } = renderHoldingsScreen(
    <EditHoldingDialog holding={holding} onClose={onClose} onSaved={onSaved} />,
    { server, role: options.role, session: options.session },
  );
  await screen.findByRole('tab', { name: /HOLDING/ });
  return { server, onClose, onSaved, refreshHolding };
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const checkbox = (label: string) => screen.getByRole('checkbox', { name: label }) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const choose = (label: string, value: string) => fireEvent.change(select(label), { target: { value } });
const message = (text: string) => screen.queryByText(text);

async function openWeatherTab() {
  fireEvent.click(screen.getByRole('tab', { name: /WEATHER/ }));
  await screen.findByLabelText('Weather station');
}

async function chooseTown(name: string) {
  const town = screen.getAllByLabelText('Post Town').find((element) => element.tagName === 'INPUT')!;
  // A change event without typing reads as the browser's autofill to the select, so the option is clicked.
  fireEvent.click(town);
  fireEvent.click(await screen.findByRole('option', { name }));
}

// Mantine's inputs render slowly in jsdom: the longer walks through the form take several seconds.
describe('EditHoldingDialog', { timeout: 30_000 }, () => {
  it('sends the version it read; after a conflict and a refresh, saving again goes through', async () => {
    const holding = aHoldingDetails();
    const server = fakeHoldingsServer({ holdings: [holding] });
    const onSaved = vi.fn();
    renderHoldingsScreen(
      <>
        <EditHoldingDialog holding={holding} onClose={vi.fn()} onSaved={onSaved} />
        <ApiProblemDialogs />
      </>,
      { server },
    );
    await screen.findByRole('tab', { name: /HOLDING/ });
    // Another user saves the holding while the dialog is open.
    server.holdings[0] = { ...holding, TradingName: 'Brook Farm North', Version: 2 };
    type('Trading Name', 'Brook Farm South');
    fireEvent.click(saveButton());
    const conflict = await screen.findByRole('dialog', { name: 'Conflict' });
    expect(conflict.textContent).toMatch(/refresh first/);
    expect(server.saves()[0]!.holding.Version).toBe(1);
    // The form keeps the user's values and shows no error of its own; it saves again only after a refresh.
    expect(input('Trading Name').value).toBe('Brook Farm South');
    expect(message('The holding could not be saved.')).toBeNull();
    expect(saveButton().disabled).toBe(true);

    fireEvent.click(within(conflict).getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Conflict' })).toBeNull());
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(server.saves()[1]!.holding.Version).toBe(2);
    expect(server.holdings[0]).toMatchObject({ TradingName: 'Brook Farm South', Version: 3 });
  });

  it('opens on the HOLDING tab titled with the trading name, with a WEATHER tab and the stored values', async () => {
    await setup();
    expect(screen.getByRole('dialog', { name: 'Edit Brook Farm' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: /WEATHER/ })).toBeTruthy();
    expect(input('Trading Name').value).toBe('Brook Farm');
    expect(select('Region').value).toBe('1');
    expect(input('Account Number').value).toBe('BF-001');
    expect(input('Starting Year').value).toBe('2024');
    expect(input('Previous year total area (ha)').value).toBe('98.5');
    expect(input('Total area (ha)').value).toBe('100');
    expect(saveButton().disabled).toBe(false);
  });

  it('titles a new holding "New holding" and has no year block', async () => {
    await setup({ holding: null });
    expect(screen.getByRole('dialog', { name: 'New holding' })).toBeTruthy();
    expect(screen.queryByLabelText('Total area (ha)')).toBeNull();
    expect(input('Starting Year').value).toBe('2025');
  });

  it('shows each HOLDING message under its control while it applies, and Save only without any', async () => {
    await setup();
    const cases: [() => void, string, () => void][] = [
      [
        () => type('Trading Name', '   '),
        holdingMessages.tradingNameRequired,
        () => type('Trading Name', 'Brook Farm'),
      ],
      [() => choose('Region', ''), holdingMessages.regionRequired, () => choose('Region', '1')],
      [
        () => type('Total area (ha)', '-1'),
        holdingMessages.totalAreaNegative,
        () => type('Total area (ha)', '12.5'),
      ],
      [
        () => type('Starting Year', ''),
        holdingMessages.startingYearRequired,
        () => type('Starting Year', '2024'),
      ],
      [
        () => fireEvent.click(checkbox('Grassland Derogation')),
        holdingMessages.derogationNumberRequired,
        () => type('Grassland Derogation Number', 'GD-7'),
      ],
      [
        () => fireEvent.click(screen.getByRole('button', { name: 'Clear the post town' })),
        holdingMessages.postTownRequired,
        () => undefined,
      ],
    ];
    for (const [breakIt, text, mendIt] of cases) {
      breakIt();
      expect(message(text)).toBeTruthy();
      expect(saveButton().disabled).toBe(true);
      if (text === holdingMessages.postTownRequired) await chooseTown('Ludlow');
      else mendIt();
      expect(message(text)).toBeNull();
    }
    // The town was chosen again, which asks for a station once more.
    await openWeatherTab();
    choose('Weather station', '101');
    expect(saveButton().disabled).toBe(false);
  });

  it('refuses what is not a number as it is typed', async () => {
    await setup();
    type('Total area (ha)', '12a');
    expect(input('Total area (ha)').value).toBe('100');
    type('Starting Year', '20x');
    expect(input('Starting Year').value).toBe('2024');
  });

  it('shows the weather station and monthly rainfall messages on the WEATHER tab', async () => {
    await setup();
    await openWeatherTab();
    choose('Weather station', '');
    expect(message(holdingMessages.weatherStationRequired)).toBeTruthy();
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByRole('tab', { name: /WEATHER.*1 to check/ })).toBeTruthy();
    choose('Weather station', '102');
    expect(message(holdingMessages.weatherStationRequired)).toBeNull();

    fireEvent.click(checkbox('Custom weather data'));
    expect(message(holdingMessages.monthlyRainfallRequired)).toBeTruthy();
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    for (const month of months) type(month, '10');
    expect(message(holdingMessages.monthlyRainfallRequired)).toBeNull();
    type('Mar', '-2');
    expect(message(holdingMessages.monthlyRainfallRequired)).toBeTruthy();
    type('Mar', '0');
    expect(message(holdingMessages.monthlyRainfallRequired)).toBeNull();
    expect(saveButton().disabled).toBe(false);
  });

  it('forces NVZ on and locks it in an NVZ-mandatory region, and frees it elsewhere', async () => {
    await setup();
    expect(checkbox('Nitrate vulnerable zone').checked).toBe(false);
    expect(checkbox('Nitrate vulnerable zone').disabled).toBe(false);
    choose('Region', '3');
    expect(checkbox('Nitrate vulnerable zone').checked).toBe(true);
    expect(checkbox('Nitrate vulnerable zone').disabled).toBe(true);
    choose('Region', '1');
    expect(checkbox('Nitrate vulnerable zone').disabled).toBe(false);
    fireEvent.click(checkbox('Nitrate vulnerable zone'));
    expect(checkbox('Nitrate vulnerable zone').checked).toBe(false);
  });

  it('freezes region and NVZ when the holding cannot change region', async () => {
    await setup({ holding: aHoldingDetails({ CanChangeRegion: false, NVZ: true }) });
    expect(select('Region').disabled).toBe(true);
    expect(checkbox('Nitrate vulnerable zone').disabled).toBe(true);
    expect(checkbox('Nitrate vulnerable zone').checked).toBe(true);
  });

  it('links to the Scottish NVZ guidance in Scotland and to the English one elsewhere', async () => {
    await setup();
    const link = () => screen.getByRole('link', { name: 'Not Sure? Check here' }).getAttribute('href');
    expect(link()).toBe(nvzGuidance.england);
    choose('Region', '2');
    expect(link()).toBe(nvzGuidance.scotland);
  });

  it('lets only Scottish holdings choose the PK model, with a P sorp capacity for SRUC only', async () => {
    await setup();
    expect(select('PK model').value).toBe('ADAS');
    expect(select('PK model').disabled).toBe(true);
    expect(screen.queryByLabelText('Default P sorp capacity')).toBeNull();

    choose('Region', '2');
    expect(select('PK model').disabled).toBe(false);
    choose('PK model', 'SRUC');
    expect(select('Default P sorp capacity').value).toBe('1');
    expect([...select('Default P sorp capacity').options].map((option) => option.value)).toEqual([
      '1',
      '2',
      '3',
    ]);
    choose('Default P sorp capacity', '3');

    choose('PK model', 'ADAS');
    expect(screen.queryByLabelText('Default P sorp capacity')).toBeNull();
    choose('PK model', 'SRUC');
    expect(select('Default P sorp capacity').value).toBe('1');

    choose('Default P sorp capacity', '2');
    choose('Region', '1');
    expect(select('PK model').value).toBe('ADAS');
    expect(screen.queryByLabelText('Default P sorp capacity')).toBeNull();
  });

  it('clears the derogation number when the box is unticked', async () => {
    await setup();
    fireEvent.click(checkbox('Grassland Derogation'));
    type('Grassland Derogation Number', 'GD-7');
    fireEvent.click(checkbox('Grassland Derogation'));
    expect(input('Grassland Derogation Number').value).toBe('');
    expect(input('Grassland Derogation Number').disabled).toBe(true);
  });

  it('refuses address input that would make a fifth line', async () => {
    await setup();
    const address = () => screen.getByLabelText('Address') as HTMLTextAreaElement;
    fireEvent.change(address(), { target: { value: 'Brook Farm\nLower Lane\nLudlow\nSY8 1AA' } });
    expect(address().value).toBe('Brook Farm\nLower Lane\nLudlow\nSY8 1AA');
    fireEvent.change(address(), { target: { value: 'Brook Farm\nLower Lane\nLudlow\nSY8 1AA\n' } });
    expect(address().value).toBe('Brook Farm\nLower Lane\nLudlow\nSY8 1AA');
  });

  it("sums the station's monthly averages, replaces them on a station change and returns to them after custom weather", async () => {
    await setup();
    await openWeatherTab();
    expect(input('Post Town').value).toBe('Ludlow');
    expect(input('Post Town').readOnly).toBe(true);
    // Ludlow Castle: 51 to 62 mm.
    expect(input('Jan').value).toBe('51');
    expect(input('Jan').readOnly).toBe(true);
    expect(input('Annual rainfall (mm)').value).toBe('678.0');

    choose('Weather station', '102');
    expect(input('Jan').value).toBe('81');
    expect(input('Annual rainfall (mm)').value).toBe('1038.0');

    fireEvent.click(checkbox('Custom weather data'));
    expect(input('Jan').value).toBe('');
    expect(input('Dec').value).toBe('');
    expect(input('Jan').readOnly).toBe(false);
    expect(select('Weather station').disabled).toBe(true);
    expect(input('Annual rainfall (mm)').value).toBe('0.0');
    type('Jan', '33.33');
    type('Feb', '33.33');
    type('Mar', '33.39');
    expect(input('Annual rainfall (mm)').value).toBe('100.1');

    fireEvent.click(checkbox('Custom weather data'));
    expect(select('Weather station').value).toBe('102');
    expect(input('Jan').value).toBe('81');
    expect(input('Annual rainfall (mm)').value).toBe('1038.0');
  });

  it("loads a holding's custom rainfall with the box ticked", async () => {
    await setup({ status: { custom: [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5.55] } });
    await openWeatherTab();
    expect(checkbox('Custom weather data').checked).toBe(true);
    expect(input('Annual rainfall (mm)').value).toBe('60.6');
  });

  it("resets the station list and the station when the town changes, and takes a new holding's region from the town", async () => {
    const { server } = await setup({ holding: null });
    expect(select('Region').value).toBe('');
    await chooseTown('Perth');
    expect(select('Region').value).toBe('2');
    await waitFor(() => expect(server.calls.some((call) => call.query.get('townId') === '4')).toBe(true));
    type('Trading Name', 'Tay Farm');
    await openWeatherTab();
    await waitFor(() => expect(select('Weather station').disabled).toBe(false));
    expect([...select('Weather station').options].map((option) => option.textContent)).toEqual([
      'Choose a weather station',
      'Perth Airport',
    ]);
    expect(select('Weather station').value).toBe('');
    expect(message(holdingMessages.weatherStationRequired)).toBeTruthy();
    choose('Weather station', '201');
    expect(input('Jan').value).toBe('61');
    expect(saveButton().disabled).toBe(false);
  });

  it('keeps the region of an existing holding when its town changes', async () => {
    await setup();
    await chooseTown('Cardiff');
    expect(select('Region').value).toBe('1');
    expect(checkbox('Nitrate vulnerable zone').checked).toBe(false);
  });

  it('sends the save payload and closes returning true', async () => {
    const { server, onSaved, onClose } = await setup({ role: Role.Agronomist });
    type('Trading Name', ' Brook Farm Ltd ');
    type('Total area (ha)', '101.25');
    fireEvent.click(checkbox('Include holding in my Power BI report'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ TradingName: 'Brook Farm Ltd' }));
    const [request] = server.saves();
    expect(server.calls.find((call) => call.path === '/api/holdings/v1')?.method).toBe('POST');
    expect(request).toMatchObject({
      holding: {
        HoldingId: 11,
        TradingName: 'Brook Farm Ltd',
        TownId: 3,
        Region: 1,
        NVZ: false,
        WeatherStationId: 101,
      },
      croppingYearId: 2025,
      firstCroppingYear: 2024,
      changeNVZOnAllFields: false,
      totalArea: 101.25,
      grasslandDerogation: false,
      grasslandDerogationNumber: null,
      holdingWeather: [],
      pkModel: 'ADAS',
      excludeFromUserReports: true,
    });
  });

  it("has the shell read the session's own holding again once it is saved, so the header shows the new name", async () => {
    const { onClose, refreshHolding } = await setup({ role: Role.Agronomist });
    type('Trading Name', 'Brook Farm Ltd');
    fireEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(refreshHolding).toHaveBeenCalledTimes(1);
  });

  it('leaves the shell alone when another holding is saved', async () => {
    const { onClose, refreshHolding } = await setup({
      role: Role.Agronomist,
      holding: aHoldingDetails({ HoldingId: 12, TradingName: 'Hill Top' }),
    });
    type('Trading Name', 'Hill Top Farm');
    fireEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    expect(refreshHolding).not.toHaveBeenCalled();
  });

  it('creates a new holding with PUT, with custom weather for its Starting Year', async () => {
    const { server, onClose } = await setup({ holding: null });
    type('Trading Name', 'Tay Farm');
    await chooseTown('Perth');
    type('Starting Year', '2023');
    await openWeatherTab();
    await waitFor(() => expect(select('Weather station').disabled).toBe(false));
    fireEvent.click(checkbox('Custom weather data'));
    for (const month of ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'])
      type(month, '20');
    fireEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    const call = server.calls.find((entry) => entry.path === '/api/holdings/v1')!;
    expect(call.method).toBe('PUT');
    const [request] = server.saves();
    expect(request?.holding).toMatchObject({
      HoldingId: null,
      TradingName: 'Tay Farm',
      TownId: 4,
      Region: 2,
    });
    expect(request?.croppingYearId).toBe(2023);
    expect(request?.totalArea).toBeUndefined();
    expect(request?.excludeFromUserReports).toBeUndefined();
    expect(request?.holdingWeather).toHaveLength(12);
    expect(request?.holdingWeather?.[0]).toEqual({ HoldingId: null, Year: 2023, Month: 1, Rainfall: 20 });
  });

  it('asks whether to change NVZ on all fields and sends the answer', async () => {
    for (const [answer, expected] of [
      ['Yes', true],
      ['No', false],
    ] as const) {
      const { server, onClose } = await setup();
      fireEvent.click(checkbox('Nitrate vulnerable zone'));
      fireEvent.click(saveButton());
      const box = await screen.findByRole('dialog', { name: 'Nitrate vulnerable zone' });
      expect(
        within(box).getByText(
          'You have changed the NVZ value. Do you want to change the NVZ on all the fields of the Brook Farm holding ?',
        ),
      ).toBeTruthy();
      fireEvent.click(within(box).getByRole('button', { name: answer }));
      await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
      expect(server.saves()[0]).toMatchObject({ changeNVZOnAllFields: expected, holding: { NVZ: true } });
      document.body.innerHTML = '';
    }
  });

  it('does not ask about NVZ when it is unchanged, when the region forces it, or for a new holding', async () => {
    const { onClose } = await setup();
    fireEvent.click(checkbox('Nitrate vulnerable zone'));
    fireEvent.click(checkbox('Nitrate vulnerable zone'));
    fireEvent.click(saveButton());
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
    document.body.innerHTML = '';

    const second = await setup();
    choose('Region', '3');
    fireEvent.click(saveButton());
    await waitFor(() => expect(second.onClose).toHaveBeenCalledWith(true));
    expect(second.server.saves()[0]?.holding.NVZ).toBe(true);
    expect(screen.queryByText(/You have changed the NVZ value/)).toBeNull();
  });

  it('closing the NVZ question without an answer saves nothing', async () => {
    const { server } = await setup();
    fireEvent.click(checkbox('Nitrate vulnerable zone'));
    fireEvent.click(saveButton());
    const box = await screen.findByRole('dialog', { name: 'Nitrate vulnerable zone' });
    fireEvent.click(within(box).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Nitrate vulnerable zone' })).toBeNull());
    expect(server.saves()).toHaveLength(0);
  });

  it("shows the server's messages when it refuses the save, and stays open", async () => {
    const { onClose } = await setup({
      saveFailure: {
        status: 400,
        body: {
          Message: 'This post town is no longer offered.',
          Errors: [{ Field: 'holding.TownId', Message: 'This post town is no longer offered.' }],
        },
      },
    });
    fireEvent.click(saveButton());
    expect(await screen.findByText('This post town is no longer offered.')).toBeTruthy();
    expect(screen.getByText('The holding could not be saved.')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Cancel closes returning false', async () => {
    const { onClose } = await setup();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it('shows a read-only holding without letting it change', async () => {
    await setup({ holding: aHoldingDetails({ ReadOnly: true }) });
    expect(screen.getByText('You can view this holding but not change it.')).toBeTruthy();
    expect(input('Trading Name').matches(':disabled')).toBe(true);
    expect(select('Region').matches(':disabled')).toBe(true);
    expect(screen.getByLabelText('Address').matches(':disabled')).toBe(true);
    expect(saveButton().disabled).toBe(true);
    await openWeatherTab();
    expect(checkbox('Custom weather data').matches(':disabled')).toBe(true);
  });

  it('offers the Power BI option to Agronomists and Managers only, stored inverted', async () => {
    await setup({ role: Role.Client });
    expect(screen.queryByLabelText('Include holding in my Power BI report')).toBeNull();
    document.body.innerHTML = '';
    await setup({ role: Role.Manager, holding: aHoldingDetails({ ExcludeFromUserReports: true }) });
    expect(checkbox('Include holding in my Power BI report').checked).toBe(false);
  });

  it('lets only administrators change an account number once it is set', async () => {
    await setup({ role: Role.Client });
    expect(input('Account Number').readOnly).toBe(true);
    expect(input('Account Number').maxLength).toBe(20);
    document.body.innerHTML = '';
    await setup({ role: Role.Client, holding: aHoldingDetails({ AccountNumber: null }) });
    expect(input('Account Number').readOnly).toBe(false);
    document.body.innerHTML = '';
    await setup({ role: Role.Admin });
    expect(input('Account Number').readOnly).toBe(false);
  });

  it('lets the business be chosen only without a fixed user business', async () => {
    await setup();
    expect(select('Business').disabled).toBe(false);
    document.body.innerHTML = '';
    await setup({ holding: null, status: { fixedBusinessId: 2 } });
    expect(select('Business').disabled).toBe(true);
    expect(select('Business').value).toBe('2');
  });

  it("shows the session holding's total area as its fields add up", async () => {
    await setup({ fieldAreas: [40.125, 60.5] });
    expect(await screen.findByText('Calculated from the fields: 100.63 ha')).toBeTruthy();
  });
});
