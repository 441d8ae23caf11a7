export interface TermsSeed {
  version: number;
  publishedAt: string;
  text: string;
}

export const termsAndConditions: TermsSeed[] = [
  {
    version: 1,
    publishedAt: '2024-06-01T09:00:00Z',
    text: [
      'Headland terms of use (version 1)',
      '',
      '1. Your account. You are responsible for keeping your password secret and for everything done with your account. Tell us at once if you think someone else has used it.',
      '2. Your data. The field boundaries, croppings, records and plans you enter remain yours. We process them only to provide the service to you and to the people you give access to your holdings, and we never sell them.',
      '3. Sharing. Owners of a holding decide who may see and change its data. Agronomists and advisers you invite act on your behalf, within the permissions you give them.',
      '4. Advice. Nutrient, crop protection and other recommendations are calculated from the data you enter. Check them against the product label and the rules that apply to your land (such as NVZ rules) before acting on them.',
      '5. Availability. We aim to keep the service available at all times, and announce planned maintenance in advance. We are not liable for losses caused by interruptions beyond our reasonable control.',
      '6. Changes. We may update these terms; you will be asked to accept a new version before you continue to use the service.',
    ].join('\n'),
  },
];
