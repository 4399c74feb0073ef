// The seam for "send the ticket link to that number". A check-in with a phone already in line
// never learns anything of that ticket (a stranger could take over or cancel the place); the
// ticket's owner gets the link on their own phone instead. The shop cannot send texts yet, so
// the default sender does nothing; a text-message sender (an SMS provider) plugs in here.

export interface TicketLinkRequest {
  shopUsername: string;
  /** E.164: the number that is in line. */
  phone: string;
  /** The ticket's token: the key of its page, /shop/{username}/ticket/{token}. */
  token: string;
}

export interface TicketLinkNotifier {
  sendTicketLink(request: TicketLinkRequest): Promise<void>;
}

/** Until the shop can send texts: nothing is sent. */
export const noTicketLinkNotifier: TicketLinkNotifier = {
  async sendTicketLink() {},
};
