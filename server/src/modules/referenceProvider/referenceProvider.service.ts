/** What the reference provider offers the rest of the server: where it answers and whom it knows as client. */

/** Where the reference provider answers inside the Headland server. */
export const referenceProviderPrefix = '/reference-provider';

/** The one client the reference provider knows: this Headland server. */
export interface ReferenceClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}
