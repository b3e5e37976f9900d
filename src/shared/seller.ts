// Who sells: the shop's name and contact details, as the footer and every receipt show them.
export const seller = {
  name: 'Sprocket Parts Co.',
  address: '12 Chainring Lane, Portland, OR 97201',
  phone: '+1 503 555 0142',
  email: 'orders@sprocket.example',
} as const;
