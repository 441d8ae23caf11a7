import { describe, expect, it } from 'vitest';
import type { Invitation } from '@headland/domain/api/permissionsApi';
import { withDeliveryOf } from './permissionsQueries.ts';

const invitation = (change: Partial<Invitation> = {}): Invitation => ({
  email: 'fresh.hand@farm.example',
  accessLevel: 1,
  issuedOn: '2026-11-28T07:00:00.000Z',
  acceptedOn: null,
  deliveryStatus: 'queued',
  ...change,
});

describe('invitation delivery', () => {
  it('takes the status the outbox gives the same invitation', () => {
    const shown = [invitation()];
    expect(
      withDeliveryOf(shown, [invitation({ email: 'Fresh.Hand@farm.example', deliveryStatus: 'sent' })]),
    ).toEqual([invitation({ deliveryStatus: 'sent' })]);
  });

  it('keeps what is shown when nothing changed, or the invitation read is another one', () => {
    expect(withDeliveryOf([invitation()], [invitation()])).toBeNull();
    // Sent again meanwhile: the older read says nothing of the new e-mail.
    expect(
      withDeliveryOf(
        [invitation()],
        [invitation({ issuedOn: '2026-11-28T06:00:00.000Z', deliveryStatus: 'sent' })],
      ),
    ).toBeNull();
  });
});
