// What the webhooks' procedures and the Webhooks page say to an admin.
export const webhookMessages = {
  urlInvalid: 'Enter the endpoint as a full URL, such as https://example.com/hooks.',
  urlNotHttps: 'The endpoint must use https://.',
  urlHasCredentials: 'Leave the user name and password out of the endpoint URL.',
  urlUnresolvable: 'This host name could not be found.',
  urlPrivateAddress: 'This endpoint points at a private or local network address, which webhooks may not reach.',
  eventsRequired: 'Choose at least one event.',
  eventsRepeated: 'Choose each event once.',
  eventUnknown: 'This is not an event the shop sends.',
  descriptionInvalid: 'Keep the description to at most 200 characters.',
  enabledInvalid: 'Say whether the endpoint is enabled.',
  statusUnknown: 'This is not a delivery status.',
  endpointNotFound: 'This webhook endpoint does not exist.',
  deliveryNotFound: 'This webhook delivery does not exist.',
  deliveryInFlight: 'This delivery is still being tried; replay it once it has been delivered or failed.',
} as const;
