/**
 * Catalogue templates for orders and bookings (spec 000 §2 "template"): a product order form that totals the
 * order (calculations, `rules/calculations.ts`), team merchandise, catering and custom cake orders, an
 * appointment booking and a table reservation. Built with `templates/build.ts`; listed in `templates/catalogue.ts`.
 */
import type { CatalogueTemplate } from '../catalogue';
import { answerIs, flow, page, q } from '../build';

/** The order and booking templates of the catalogue. */
export const ORDER_AND_BOOKING_TEMPLATES: readonly CatalogueTemplate[] = [
  {
    slug: 'order-form',
    name: 'Product order form',
    description: 'Take orders for a small product range with quantities, delivery options and a running total.',
    categories: ['order'],
    isFeatured: true,
    featuredThemeId: 'ecofriendly',
    type: 'form',
    template: flow(
      [
        page('Your order', [
          q.number('qtyBeans', 'House blend coffee beans, 500 g ($14 each)', { min: 0, max: 50, placeholder: '0', name: 'Coffee beans' }),
          q.choice('grind', 'How should we grind the beans?', ['Whole bean', 'Espresso', 'Filter', 'French press'], { name: 'Grind' }),
          q.number('qtyMug', 'Stoneware mug ($18 each)', { min: 0, max: 20, placeholder: '0', name: 'Mugs' }),
          q.number('qtyDripper', 'Ceramic pour-over dripper ($26 each)', { min: 0, max: 10, placeholder: '0', name: 'Drippers' }),
          q.choice('delivery', 'Delivery', ['Standard (free, 3–5 days)', 'Express ($9, next day)', 'Pick up in store (free)'], { required: true, name: 'Delivery' }),
        ]),
        page('Delivery details', [
          q.short('customerName', 'Full name', { required: true, name: 'Name' }),
          q.email('customerEmail', 'Email for the receipt', { required: true, name: 'Email' }),
          q.phone('customerPhone', 'Phone (for the courier)', { name: 'Phone' }),
          q.address('shippingAddress', 'Shipping address', { requirePostalCode: true, required: true, name: 'Shipping address' }),
          q.long('orderNotes', 'Order notes', { placeholder: 'Gift message, delivery instructions…', name: 'Notes' }),
        ]),
      ],
      { title: 'Order placed', body: 'Thanks, {{answers.customerName}}! Your order total is ${{calculations.total}}. We will email you an invoice and tracking details.' },
      {
        calculations: [
          { id: 'beansTotal', name: 'Coffee beans', initialValue: 0, updates: [{ operation: 'set', value: { var: 'answers.qtyBeans' } }, { operation: 'multiply', value: 14 }] },
          { id: 'mugTotal', name: 'Mugs', initialValue: 0, updates: [{ operation: 'set', value: { var: 'answers.qtyMug' } }, { operation: 'multiply', value: 18 }] },
          { id: 'dripperTotal', name: 'Drippers', initialValue: 0, updates: [{ operation: 'set', value: { var: 'answers.qtyDripper' } }, { operation: 'multiply', value: 26 }] },
          {
            id: 'total',
            name: 'Order total',
            initialValue: 0,
            updates: [
              { operation: 'add', value: { var: 'calculations.beansTotal' } },
              { operation: 'add', value: { var: 'calculations.mugTotal' } },
              { operation: 'add', value: { var: 'calculations.dripperTotal' } },
              { when: answerIs('delivery', 'delivery-express-9-next-day'), operation: 'add', value: 9 },
            ],
          },
        ],
      },
    ),
  },
  {
    slug: 't-shirt-order',
    name: 'Team T-shirt order',
    description: 'Collect sizes, colours and names to print for a club, class or company T-shirt run.',
    categories: ['order'],
    isFeatured: false,
    featuredThemeId: 'bold',
    type: 'form',
    template: flow(
      [
        page('Your shirts', [
          q.short('ordererName', 'Your name', { required: true, name: 'Name' }),
          q.email('ordererEmail', 'Email', { required: true, name: 'Email' }),
          q.dropdown('fit', 'Fit', ['Unisex', 'Fitted', 'Kids'], { required: true, name: 'Fit' }),
          q.dropdown('size', 'Size', ['XS', 'S', 'M', 'L', 'XL', 'XXL', '3XL'], { required: true, name: 'Size' }),
          q.choice('colour', 'Colour', ['Black', 'White', 'Heather grey', 'Navy'], { required: true, name: 'Colour' }),
          q.number('quantity', 'How many shirts?', { required: true, min: 1, max: 25, placeholder: '1', name: 'Quantity' }),
        ]),
        page('Personalisation and payment', [
          q.short('printName', 'Name to print on the back (optional)', { placeholder: 'Up to 12 letters', name: 'Printed name' }),
          q.number('printNumber', 'Number to print on the back (optional)', { min: 0, max: 99, name: 'Printed number' }),
          q.choice('payment', 'How will you pay?', ['Bank transfer', 'Cash at pickup', 'Card at pickup'], { required: true, name: 'Payment method' }),
        ]),
      ],
      { title: 'Order noted', body: 'Thanks! We will confirm the price and pickup date once the print run is booked.' },
    ),
  },
  {
    slug: 'catering-order',
    name: 'Catering order',
    description: 'Plan a catered event: headcount, menu, dietary needs, delivery time and place.',
    categories: ['order', 'booking'],
    isFeatured: false,
    featuredThemeId: 'coral',
    type: 'form',
    template: flow(
      [
        page('Your event', [
          q.short('contactName', 'Contact name', { required: true }),
          q.email('contactEmail', 'Email', { required: true }),
          q.phone('contactPhone', 'Phone', { required: true }),
          q.dateTime('deliveryAt', 'Delivery date and time', { required: true, name: 'Delivery time' }),
          q.address('venue', 'Delivery address', { required: true, name: 'Venue' }),
          q.number('headcount', 'Number of guests', { required: true, min: 10, max: 500, placeholder: 'Minimum 10', name: 'Guests' }),
        ]),
        page('Menu', [
          q.choice('menu', 'Choose a menu', ['Breakfast platter', 'Sandwich lunch', 'Hot buffet', 'Canapés and drinks'], { required: true, name: 'Menu' }),
          q.checkboxes('extras', 'Add-ons', ['Fresh fruit bowl', 'Dessert selection', 'Coffee and tea service', 'Soft drinks', 'Serving staff'], { name: 'Add-ons' }),
          q.number('vegetarianCount', 'How many guests are vegetarian?', { min: 0, name: 'Vegetarian guests' }),
          q.long('allergyNotes', 'Allergies or other dietary needs', { placeholder: 'e.g. 2 gluten-free, 1 nut allergy', name: 'Dietary notes' }),
          q.currency('cateringBudget', 'Budget per person', { currency: 'USD', min: 0, name: 'Budget per person' }),
        ]),
      ],
      { title: 'Catering request received', body: 'Our events team will send a tailored quote within 24 hours.' },
    ),
  },
  {
    slug: 'custom-cake-order',
    name: 'Custom cake order',
    description: 'Let customers design a celebration cake: size, flavours, decoration and pickup date.',
    categories: ['order'],
    isFeatured: false,
    featuredThemeId: 'dreamy',
    type: 'form',
    template: flow(
      [
        page('The occasion', [
          q.short('buyerName', 'Your name', { required: true, name: 'Name' }),
          q.phone('buyerPhone', 'Phone number', { required: true, name: 'Phone' }),
          q.dropdown('occasion', 'What are we celebrating?', ['Birthday', 'Wedding', 'Anniversary', 'Baby shower', 'Graduation', 'Other'], { name: 'Occasion' }),
          q.date('pickupDate', 'Pickup date (at least 5 days from today)', { required: true, name: 'Pickup date' }),
        ]),
        page('Your cake', [
          q.choice('servings', 'Size', ['6" (serves 8–10)', '8" (serves 12–16)', '10" (serves 20–25)', 'Two tiers (serves 40)'], { required: true, name: 'Size' }),
          q.choice('sponge', 'Sponge flavour', ['Vanilla', 'Chocolate', 'Red velvet', 'Lemon', 'Carrot'], { required: true, name: 'Sponge' }),
          q.choice('filling', 'Filling', ['Buttercream', 'Salted caramel', 'Raspberry jam', 'Chocolate ganache'], { required: true, name: 'Filling' }),
          q.short('inscription', 'Message on the cake', { placeholder: 'Happy 30th, Sam!', name: 'Inscription' }),
          q.file('inspiration', 'Upload an inspiration photo (optional)', { allowedTypes: 'images', maxSizeMb: 10, maxFiles: 3, name: 'Inspiration photos' }),
        ]),
      ],
      { title: 'Cake request received', body: 'We will call {{answers.buyerPhone}} to confirm the design and price.' },
    ),
  },
  {
    slug: 'appointment-booking',
    name: 'Salon appointment booking',
    description: 'Book salon or spa services with a preferred stylist, date and time.',
    categories: ['booking'],
    isFeatured: false,
    featuredThemeId: 'rose',
    type: 'form',
    template: flow(
      [
        page('Services', [
          q.checkboxes('treatments', 'Which services would you like?', ['Haircut', 'Colour', 'Blow-dry', 'Manicure', 'Facial'], { required: true, name: 'Services' }),
          q.dropdown('stylist', 'Preferred stylist', ['No preference', 'Maria', 'Tom', 'Aisha', 'Lukas'], { name: 'Stylist' }),
          q.choice('firstVisit', 'Is this your first visit?', ['Yes', 'No'], { name: 'First visit' }),
        ]),
        page('Date and contact', [
          q.date('appointmentDate', 'Preferred date', { required: true, name: 'Date' }),
          q.time('appointmentTime', 'Preferred time', { required: true, name: 'Time' }),
          q.short('clientName', 'Your name', { required: true, name: 'Name' }),
          q.phone('clientPhone', 'Mobile number for reminders', { required: true, name: 'Mobile' }),
        ]),
      ],
      { title: 'Booking requested', body: 'We will text you to confirm your appointment. Need to change it? Just reply to the text.' },
    ),
  },
  {
    slug: 'table-reservation',
    name: 'Restaurant table reservation',
    description: 'Take table reservations with party size, seating preference and special occasions.',
    categories: ['booking'],
    isFeatured: false,
    featuredThemeId: 'charcoal',
    type: 'form',
    template: flow(
      [
        page('Reservation', [
          q.date('reservationDate', 'Date', { required: true }),
          q.time('reservationTime', 'Time', { required: true, placeholder: 'We seat from 17:30 to 22:00' }),
          q.number('partySize', 'Number of guests', { required: true, min: 1, max: 12, name: 'Guests' }),
          q.choice('seating', 'Seating preference', ['Indoors', 'Terrace', 'Bar counter', 'No preference'], { name: 'Seating' }),
        ]),
        page('Your details', [
          q.short('bookingName', 'Name for the booking', { required: true, name: 'Name' }),
          q.phone('bookingPhone', 'Phone', { required: true, name: 'Phone' }),
          q.dropdown('celebration', 'Celebrating something?', ['No', 'Birthday', 'Anniversary', 'Business dinner', 'Other'], { name: 'Occasion' }),
          q.long('requests', 'Special requests', { placeholder: 'High chair, wheelchair access, allergies…', name: 'Requests' }),
        ]),
      ],
      { title: 'Table requested', body: 'We will confirm your table for {{answers.partySize}} by text shortly.' },
    ),
  },
];
