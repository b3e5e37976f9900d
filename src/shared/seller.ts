// Who sells: the demo shop's name and contact details, as the footer and the receipt show them and
// as the demo seed enters them into the shop's settings (server/db/demo-commerce.ts), where an
// admin keeps the legal identity invoices print.
export const seller = {
  name: 'Sprocket Parts GmbH',
  addressLine1: 'Kettenweg 12',
  postalCode: '10115',
  city: 'Berlin',
  country: 'DE',
  address: 'Kettenweg 12, 10115 Berlin, Germany',
  vatId: 'DE293847560',
  phone: '+49 30 555 0142',
  email: 'orders@sprocket.example',
} as const;
