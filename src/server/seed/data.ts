// Static content of the demo data set: real Sri Lankan card-issuing banks (with our own generated
// monograms, never their trademarks), categories, towns and fictional merchants.

import type { CardNetwork, Weekday } from '../../contract/eligibility.ts';
import type { TranslatedLocale } from '../../contract/limits.ts';
import { HOUSE_AD_WORDS } from '../../lib/house-ads.ts';

/** The card tier list the team starts with (it edits it in the console's Catalogue). */
export const CARD_TIERS = ['Classic', 'Gold', 'Platinum', 'Titanium', 'Signature', 'Infinite', 'World', 'World Elite', 'Blue'];

export interface BankSeed {
  name: string;
  /** Letters drawn on the generated monogram. */
  monogram: string;
  color: string;
  /** Text colour on the monogram; white when omitted. */
  ink?: string;
  /** Its credit cards as people name them ('Visa Platinum'): network, then tier. */
  cardTypes: string[];
  /** The networks of its debit cards (any tier). */
  debitNetworks: CardNetwork[];
  /** Relative share of the offers. */
  weight: number;
  /** Card centre number shown in some offers' hot line. */
  hotline: string;
}

export const BANKS: BankSeed[] = [
  {
    name: 'Commercial Bank', monogram: 'CB', color: '#0057a8', weight: 12, hotline: '0112353353',
    debitNetworks: ['visa', 'mastercard'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum', 'Visa Signature', 'Visa Infinite', 'Mastercard Titanium', 'Mastercard World', 'Mastercard World Elite'],
  },
  {
    name: 'Sampath Bank', monogram: 'SB', color: '#f26522', weight: 11, hotline: '0112303050',
    debitNetworks: ['visa', 'mastercard'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum', 'Visa Signature', 'Mastercard Titanium', 'Mastercard Platinum', 'Mastercard World'],
  },
  {
    name: 'Hatton National Bank', monogram: 'HNB', color: '#ffd100', ink: '#1a1a1a', weight: 11, hotline: '0112462462',
    debitNetworks: ['visa'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum', 'Visa Signature', 'Visa Infinite', 'Mastercard Titanium', 'Mastercard World'],
  },
  {
    name: 'Bank of Ceylon', monogram: 'BOC', color: '#7a1f2b', ink: '#ffcb05', weight: 9, hotline: '0112204444',
    debitNetworks: ['visa'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum', 'Mastercard Gold', 'Mastercard Platinum', 'Mastercard World'],
  },
  {
    name: "People's Bank", monogram: 'PB', color: '#d7141a', ink: '#ffe27a', weight: 8, hotline: '0112490490',
    debitNetworks: ['visa'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum', 'Mastercard Gold', 'Mastercard Platinum'],
  },
  {
    name: 'Seylan Bank', monogram: 'S', color: '#9e1b32', weight: 9, hotline: '0112008888',
    debitNetworks: ['visa'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum', 'Visa Infinite', 'Mastercard Titanium', 'Mastercard World'],
  },
  {
    name: 'Nations Trust Bank', monogram: 'NTB', color: '#5b2c83', weight: 10, hotline: '0114414414',
    debitNetworks: ['mastercard'],
    cardTypes: ['Amex Blue', 'Amex Gold', 'Amex Platinum', 'Mastercard Titanium', 'Mastercard World'],
  },
  {
    name: 'DFCC Bank', monogram: 'DFCC', color: '#003b71', weight: 6, hotline: '0112350000',
    debitNetworks: ['visa'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum', 'Visa Signature'],
  },
  {
    name: 'NDB Bank', monogram: 'NDB', color: '#0f6cbd', weight: 8, hotline: '0112448888',
    debitNetworks: ['visa'],
    cardTypes: ['Visa Gold', 'Visa Platinum', 'Visa Infinite', 'Mastercard Titanium', 'Mastercard World', 'Mastercard World Elite'],
  },
  {
    name: 'Pan Asia Bank', monogram: 'PA', color: '#c8102e', weight: 5, hotline: '0114667222',
    debitNetworks: ['visa'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum'],
  },
  {
    name: 'Union Bank', monogram: 'UB', color: '#00843d', weight: 4, hotline: '0112374100',
    debitNetworks: ['visa'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum'],
  },
  {
    name: 'Cargills Bank', monogram: 'CGB', color: '#e4002b', weight: 4, hotline: '0117640640',
    debitNetworks: ['mastercard'],
    cardTypes: ['Mastercard Gold', 'Mastercard Titanium', 'Mastercard World'],
  },
  {
    name: 'HSBC Sri Lanka', monogram: 'HSBC', color: '#db0011', weight: 7, hotline: '0114472200',
    debitNetworks: ['visa'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum', 'Visa Signature', 'Mastercard World'],
  },
  {
    name: 'Standard Chartered Sri Lanka', monogram: 'SC', color: '#0473ea', weight: 6, hotline: '0112480480',
    debitNetworks: ['visa'],
    cardTypes: ['Visa Classic', 'Visa Gold', 'Visa Platinum', 'Visa Infinite', 'Mastercard Titanium', 'Mastercard World'],
  },
];

export interface CategorySeed {
  name: string;
  /** The name in Sinhala and Tamil (docs/i18n.md: awaiting a native speaker's review). */
  names: Record<TranslatedLocale, string>;
  iconName: string;
  /** Middle part of generated promo codes. */
  promo: string;
  color: string;
  weight: number;
  /** What an offer gives a discount on ("20% off on {thing} at ..."). */
  things: string[];
  /** Short offer titles. */
  labels: string[];
  /** Free-text rates for 'customize' offers. */
  perks: string[];
  /** Bullet points for descriptions. */
  notes: string[];
  merchants: string[];
  /** Words that name the category in an imported offer (the team's keyword map starts with them). */
  keywords: string[];
  /** Minimum bills and discount caps in rupees that fit the category, as its banks' offers state them. */
  minBills: number[];
  caps: number[];
  /** A share of its offers that run on set days, as supermarkets' and fuel stations' card days do. */
  cardDays?: { share: number; plans: { weight: number; days: Weekday[] }[] };
  /** A share of its offers that come with a 0% instalment plan, up to one of these months, above one of these amounts. */
  instalments?: { share: number; upToMonths: number[]; minTransactions: number[] };
}

export const CATEGORIES: CategorySeed[] = [
  {
    name: 'Dining', names: { si: 'ආහාර පාන', ta: 'உணவகங்கள்' }, iconName: 'dining', promo: 'DINE', color: '#e4572e', weight: 20,
    minBills: [2_000, 2_500, 3_000, 5_000, 10_000], caps: [2_500, 3_000, 5_000, 7_500, 10_000],
    keywords: ['restaurant', 'dining', 'dine', 'cafe', 'café', 'buffet', 'pizza', 'burger', 'food', 'bistro', 'bakery', 'brunch'],
    things: ['the total bill', 'food bills', 'the dinner buffet', 'the lunch buffet', 'the à la carte menu', 'the brunch menu', 'takeaway orders'],
    labels: ['Weekend dining treat', 'Dine & save', 'Buffet bonanza', 'Lunch special', 'Family feast', 'Date night deal', 'Brunch offer'],
    perks: ['Buy 1 Get 1 Free', 'Complimentary dessert', 'Kids eat free', 'Free welcome drink', 'Rs. 1,500 off on bills above Rs. 7,500'],
    notes: ['Valid for dine-in and takeaway', 'Reservations are recommended', 'Not valid on public holidays', 'Maximum bill value Rs. 100,000', 'Not valid with other promotions'],
    merchants: [
      'Lotus Leaf Bistro', 'Ceylon Spice Kitchen', 'Lagoon Breeze Grill', 'Tamarind Tree Café', 'Kithul Honey Eatery',
      'Coconut Grove Diner', 'Saffron Sands Restaurant', 'Appa & Co. Kitchen', 'Jaffna Crab Table', 'Kandyan Rice House',
      'Mango Leaf Dining Room', 'Red Lotus Noodle Bar', 'Sea Salt Seafood Shack', 'Pettah Biryani Corner', 'Pol Roti Bakehouse',
      'Blue Moon Bakery Café', 'Lakeside Kottu Spot', 'Curry Leaf Terrace',
    ],
  },
  {
    name: 'Shopping', names: { si: 'සාප්පු සවාරි', ta: 'ஷாப்பிங்' }, iconName: 'shopping', promo: 'SHOP', color: '#8e44ad', weight: 8,
    minBills: [3_000, 5_000, 10_000, 15_000], caps: [2_500, 5_000, 10_000],
    instalments: { share: 0.2, upToMonths: [6, 12], minTransactions: [25_000] },
    keywords: ['shopping', 'store', 'home', 'furniture', 'department store', 'lifestyle'],
    things: ['all purchases', 'home décor', 'selected items', 'gift hampers', 'furniture'],
    labels: ['Shopping spree', 'Season sale', 'Home makeover deal', 'Festive shopping'],
    perks: ['0% instalments up to 12 months', 'Free gift wrapping', 'Rs. 2,000 voucher on Rs. 20,000 spend'],
    notes: ['Valid at all outlets', 'Not valid on items already on sale', 'Instalment plans need a minimum spend of Rs. 25,000'],
    merchants: [
      'Galle Road Emporium', 'Lanka Home Bazaar', 'Serendib Gift House', 'Araliya Home Décor', 'Kandy Craft Market',
      'Batik Lane Store', 'Lakshmi Homeware', 'Coconut Husk Crafts', 'Urban Nest Furniture', 'Lotus Stationers',
    ],
  },
  {
    name: 'Travel', names: { si: 'සංචාර', ta: 'பயணம்' }, iconName: 'travel', promo: 'TRIP', color: '#1f8a70', weight: 7,
    minBills: [25_000, 50_000, 100_000], caps: [10_000, 25_000, 50_000],
    instalments: { share: 0.35, upToMonths: [12, 24], minTransactions: [25_000, 50_000] },
    keywords: ['travel', 'airline', 'flight', 'air ticket', 'tour', 'holiday package', 'travels'],
    things: ['holiday packages', 'air tickets', 'round-island tours', 'Maldives packages', 'visa services'],
    labels: ['Holiday getaway', 'Fly for less', 'Explore the island', 'Travel season deal'],
    perks: ['0% instalments up to 24 months', 'Free airport transfer', 'Complimentary travel insurance'],
    notes: ['Subject to seat availability', 'Blackout dates may apply', 'Instalment plans need a minimum spend of Rs. 50,000'],
    merchants: [
      'Serendib Holidays', 'Island Hop Tours', 'Pearl Wings Travels', 'Lanka Trails Travel Desk', 'Blue Horizon Tours',
      'Cloud Nine Getaways', 'Elephant Path Adventures', 'Monsoon Journeys', 'Palm Coast Travels', 'Sunrise Air Tickets',
    ],
  },
  {
    name: 'Hotels', names: { si: 'හෝටල්', ta: 'ஹோட்டல்கள்' }, iconName: 'hotels', promo: 'STAY', color: '#2e86ab', weight: 12,
    minBills: [15_000, 25_000, 50_000], caps: [10_000, 15_000, 25_000],
    keywords: ['hotel', 'resort', 'villa', 'stay', 'room', 'spa resort', 'bungalow'],
    things: ['room rates', 'full-board stays', 'half-board stays', 'room-only stays', 'spa treatments'],
    labels: ['Staycation deal', 'Hill country escape', 'Beach holiday', 'Weekend getaway', 'Long stay saver'],
    perks: ['Stay 3 nights, pay for 2', 'Complimentary room upgrade', 'Free breakfast for two', 'Kids stay free'],
    notes: ['Valid on best available rates', 'Subject to room availability', 'Not valid during peak season', 'Prior reservation required'],
    merchants: [
      'Misty Peak Bungalow', 'Golden Sands Beach Resort', 'Riverstone Eco Lodge', 'Ella Cloud Retreat', 'Rock View Hotel Sigiriya',
      'Palm Bay Villas', 'Tea Garden Manor House', 'Hill Mist Resort', 'Blue Lagoon Cabanas', 'Leopard Trail Safari Camp',
      'Coral Reef Guest House', 'Lake View Inn Kandy', 'Ocean Pearl Hotel', 'Frangipani Boutique Hotel',
    ],
  },
  {
    name: 'Fuel', names: { si: 'ඉන්ධන', ta: 'எரிபொருள்' }, iconName: 'fuel', promo: 'FUEL', color: '#f4a259', weight: 3,
    minBills: [2_000, 3_000, 5_000], caps: [500, 1_000, 1_500, 2_000],
    cardDays: { share: 0.6, plans: [{ weight: 3, days: ['sat', 'sun'] }, { weight: 1, days: ['sun'] }, { weight: 1, days: ['sat'] }] },
    keywords: ['fuel', 'petrol', 'diesel', 'filling station'],
    things: ['fuel purchases', 'lubricant services', 'car wash services'],
    labels: ['Fuel saver', 'Fill up & save', 'Weekend fuel offer'],
    perks: ['Rs. 500 cashback on Rs. 10,000 fuel', 'Free car wash with full tank'],
    notes: ['Maximum cashback Rs. 2,000 per card per month', 'Valid for private vehicles only'],
    merchants: [
      'Lanka Highway Fuels', 'Greenline Filling Station', 'Kelani Fuel Centre', 'Express Lube & Fuel', 'Southern Expressway Fuel Stop',
      'Hill Country Fuel Mart',
    ],
  },
  {
    name: 'Supermarkets', names: { si: 'සුපිරි වෙළඳසැල්', ta: 'பல்பொருள் அங்காடிகள்' }, iconName: 'supermarkets', promo: 'MART', color: '#3bb273', weight: 8,
    minBills: [3_000, 4_000, 5_000, 7_500, 10_000], caps: [1_500, 2_000, 2_500, 3_000, 5_000],
    cardDays: {
      share: 0.7,
      plans: [
        { weight: 3, days: ['wed'] }, { weight: 2, days: ['thu'] }, { weight: 2, days: ['fri'] }, { weight: 1, days: ['tue'] },
        { weight: 2, days: ['sun'] }, { weight: 1, days: ['wed', 'sun'] },
      ],
    },
    keywords: ['supermarket', 'grocery', 'groceries', 'hypermarket', 'fresh produce', 'vegetables'],
    things: ['the total bill', 'grocery bills', 'fresh produce', 'fresh vegetables, fruits & seafood'],
    labels: ['Grocery saver', 'Weekend basket deal', 'Fresh savings', 'Family grocery offer'],
    perks: ['Rs. 1,000 off on bills above Rs. 10,000', 'Free home delivery'],
    notes: ['Maximum discount Rs. 3,000 per bill', 'Not valid on liquor and tobacco', 'Valid at all branches'],
    merchants: [
      'Fresh Harvest Supermarket', 'Daily Basket Mart', 'Green Valley Grocers', 'Village Fresh Market', 'Family Saver Supermarket',
      'Ceylon Pantry Store', 'Island Fresh Foods', 'Lakeside Supermart',
    ],
  },
  {
    name: 'Health & Wellness', names: { si: 'සෞඛ්‍ය සහ යහපැවැත්ම', ta: 'உடல்நலம் மற்றும் ஆரோக்கியம்' }, iconName: 'health', promo: 'CARE', color: '#17a2b8', weight: 6,
    minBills: [3_000, 5_000, 10_000], caps: [2_500, 5_000, 10_000],
    instalments: { share: 0.2, upToMonths: [6, 12, 24], minTransactions: [25_000, 50_000] },
    keywords: ['health', 'hospital', 'pharmacy', 'wellness', 'salon', 'spa', 'gym', 'dental', 'optical'],
    things: ['consultation fees', 'Ayurveda treatments', 'spa packages', 'pharmacy bills', 'lab tests', 'annual memberships'],
    labels: ['Wellness week', 'Health check offer', 'Relax & recharge', 'Spa day special'],
    perks: ['Free health check with any package', 'One month free on annual membership', 'Complimentary eye test'],
    notes: ['Appointments required', 'Not valid on prescription drugs unless stated', 'Valid at participating branches'],
    merchants: [
      'Wellspring Medical Centre', 'Lotus Ayurveda Spa', 'Green Leaf Pharmacy', 'Serene Wellness Clinic', 'Smile Bright Dental Care',
      'Clear Vision Opticians', 'Herbal Roots Ayurveda', 'Pulse Fitness Studio', 'Harmony Yoga Shala', 'Sunrise Diagnostic Labs',
    ],
  },
  {
    name: 'Education', names: { si: 'අධ්‍යාපනය', ta: 'கல்வி' }, iconName: 'education', promo: 'LEARN', color: '#4361ee', weight: 4,
    minBills: [10_000, 25_000, 50_000], caps: [5_000, 10_000, 25_000],
    instalments: { share: 0.5, upToMonths: [12, 24], minTransactions: [25_000, 30_000] },
    keywords: ['education', 'school', 'tuition', 'course', 'university', 'books', 'bookshop'],
    things: ['course fees', 'registration fees', 'books and stationery', 'language courses'],
    labels: ['Back to school', 'Learn & save', 'Course fee offer'],
    perks: ['0% instalments up to 12 months', 'Registration fee waived'],
    notes: ['Valid for new enrolments', 'Instalment plans need a minimum spend of Rs. 30,000'],
    merchants: [
      'Bright Minds Academy', 'Lanka Learning Institute', 'Future Skills Campus', 'Little Stars Preschool', 'Open Page Bookshop',
      'Code Island Academy', "Scholar's Nook Tuition Centre", 'Global English Centre',
    ],
  },
  {
    name: 'Electronics', names: { si: 'ඉලෙක්ට්‍රොනික', ta: 'மின்னணுப் பொருட்கள்' }, iconName: 'electronics', promo: 'TECH', color: '#3a506b', weight: 7,
    minBills: [25_000, 50_000, 100_000], caps: [5_000, 10_000, 25_000],
    instalments: { share: 0.45, upToMonths: [6, 12, 24], minTransactions: [25_000, 50_000] },
    keywords: ['electronics', 'mobile phone', 'laptop', 'appliance', 'appliances', 'television'],
    things: ['mobile phones', 'laptops', 'home appliances', 'televisions', 'air conditioners', 'all electronics'],
    labels: ['Tech upgrade', 'Gadget fest', 'Smart home deal', 'Appliance offer'],
    perks: ['0% instalments up to 36 months', 'Free extended warranty', 'Free installation'],
    notes: ['Instalment plans need a minimum spend of Rs. 50,000', 'Warranty as per the manufacturer', 'While stocks last'],
    merchants: [
      'Techno Lanka Electronics', 'Digital Hub Colombo', 'Smart Home Appliances', 'Circuit Lane Electronics', 'Mega Volt Stores',
      'PixelPoint Computers', 'SoundWave Audio', 'Island Mobile Store', 'Cool Breeze Air Conditioning', 'Bright Spark Electricals',
    ],
  },
  {
    name: 'Fashion', names: { si: 'විලාසිතා', ta: 'ஃபேஷன்' }, iconName: 'fashion', promo: 'STYLE', color: '#d63384', weight: 9,
    minBills: [3_000, 5_000, 10_000], caps: [2_500, 5_000, 7_500],
    keywords: ['fashion', 'clothing', 'apparel', 'footwear', 'shoes', 'boutique'],
    things: ['all clothing', 'sarees', 'footwear', 'kids wear', 'the new collection', 'menswear'],
    labels: ['Style season', 'Wardrobe refresh', 'Avurudu fashion deal', 'Festive fashion offer'],
    perks: ['Buy 2 Get 1 Free', 'Free alterations', 'Rs. 1,000 voucher on Rs. 10,000 spend'],
    notes: ['Not valid on items already on sale', 'Exchange within 7 days with the receipt', 'Valid at all outlets'],
    merchants: [
      'Silk Route Boutique', 'Batik Bloom', 'Nilmini Saree House', 'Urban Threads', 'Kandyan Weave',
      'Thread & Needle Tailors', 'Little Sprouts Kidswear', 'Tropical Linen Co.', 'Coastal Casuals', 'Step Up Footwear',
      'Style Avenue', "Gentleman's Choice", 'Handloom Heritage', 'Denim District',
    ],
  },
  {
    name: 'Jewellery', names: { si: 'ස්වර්ණාභරණ', ta: 'நகைகள்' }, iconName: 'jewellery', promo: 'GEMS', color: '#c9a227', weight: 6,
    minBills: [25_000, 50_000, 100_000], caps: [10_000, 25_000, 50_000],
    instalments: { share: 0.35, upToMonths: [6, 12], minTransactions: [50_000, 100_000] },
    keywords: ['jewellery', 'jewelry', 'jewellers', 'gold', 'gem', 'watches'],
    things: ['making charges', 'gold jewellery', 'gem-set jewellery', 'wedding collections', 'silver jewellery'],
    labels: ['Wedding season offer', 'Sparkle & save', 'Gem festival deal'],
    perks: ['0% instalments up to 12 months', 'Free gem certification', 'No making charges on selected designs'],
    notes: ['Discount on making charges only unless stated', 'Gold rates as per the day of purchase', 'Instalment plans need a minimum spend of Rs. 100,000'],
    merchants: [
      'Golden Lotus Jewellers', 'Ratnapura Gem House', 'Blue Sapphire Gallery', 'Moonstone Jewels', 'Silver Leaf Jewellery',
      'Ceylon Gem Vault', 'Royal Kandyan Jewellers', 'Heritage Goldsmiths', 'Star Ruby Jewellers', 'Pearl Lagoon Jewellers',
    ],
  },
  {
    name: 'Entertainment', names: { si: 'විනෝදාස්වාදය', ta: 'பொழுதுபோக்கு' }, iconName: 'entertainment', promo: 'FUN', color: '#ef476f', weight: 5,
    minBills: [2_000, 3_000, 5_000], caps: [1_000, 2_500, 5_000],
    keywords: ['entertainment', 'cinema', 'movie', 'concert', 'theme park', 'gaming'],
    things: ['movie tickets', 'bowling games', 'entry tickets', 'concert tickets', 'game cards'],
    labels: ['Movie night', 'Family fun day', 'Weekend fun deal'],
    perks: ['Buy 1 Get 1 Free', 'Free popcorn combo', 'Kids enter free'],
    notes: ['Valid for online and counter bookings', 'Not valid for premieres', 'Subject to availability'],
    merchants: [
      'Starlight Cinemas', 'Strike Zone Bowling', 'Funland Theme Park', 'Lagoon Escape Rooms', 'Rhythm Music Lounge',
      'Big Screen Multiplex', 'Jungle Splash Water Park', 'Karaoke Corner', 'Island Art Theatre', 'Game On Arcade',
    ],
  },
  {
    name: 'Online', names: { si: 'මාර්ගගත', ta: 'ஆன்லைன்' }, iconName: 'online', promo: 'WEB', color: '#7209b7', weight: 7,
    minBills: [2_000, 3_000, 5_000], caps: [500, 1_000, 1_500, 2_000],
    keywords: ['online', 'e-commerce', 'ecommerce', 'website', 'app', 'delivery'],
    things: ['online orders', 'food delivery', 'annual subscriptions', 'e-gift cards', 'online bookings'],
    labels: ['Click & save', 'Online exclusive', 'Delivery deal', 'App-only offer'],
    perks: ['Free delivery', 'Rs. 500 off your first order', 'One month free subscription'],
    notes: ['Use the promo code at checkout', 'Valid once per card', 'Minimum order value Rs. 3,000'],
    merchants: [
      'ClickCart Online', 'Lanka eBazaar', 'QuickBite Delivery', 'GiftDrop Lanka', 'BookNook Online',
      'TicketTap', 'PayLite Subscriptions', 'FreshBox Delivery', 'StreamHub Lanka', 'eStore Serendib',
    ],
  },
  {
    name: 'Automobile', names: { si: 'වාහන', ta: 'வாகனங்கள்' }, iconName: 'automobile', promo: 'AUTO', color: '#6c757d', weight: 5,
    minBills: [5_000, 10_000, 25_000], caps: [2_500, 5_000, 10_000],
    instalments: { share: 0.2, upToMonths: [6, 12], minTransactions: [25_000, 50_000] },
    keywords: ['automobile', 'vehicle', 'car', 'tyre', 'tyres', 'auto', 'service centre', 'motor'],
    things: ['vehicle servicing', 'tyres', 'spare parts', 'car rentals', 'detailing packages', 'batteries'],
    labels: ['Service & save', 'Road trip ready', 'Car care deal'],
    perks: ['Free wheel alignment', '0% instalments up to 12 months on tyres', 'Free interior vacuum'],
    notes: ['Appointments required', 'Labour charges extra unless stated', 'Valid at all service centres'],
    merchants: [
      'Highway Motors', 'Lanka Auto Care', 'Speedline Tyres', 'Island Car Rentals', 'Prime Auto Spares',
      'Smart Drive Service Centre', 'Ceylon Motor Works', 'Quick Fix Auto Spa', 'Green Wheels Hybrid Service', 'Coastal Bikes & Scooters',
      'Torque Auto Parts', 'Roadstar Car Detailing',
    ],
  },
];

/** Towns and Colombo postal zones, with their telephone area code for merchant numbers. */
export const LOCATIONS: { name: string; areaCode: string }[] = [
  { name: 'Colombo 01', areaCode: '011' }, { name: 'Colombo 02', areaCode: '011' }, { name: 'Colombo 03', areaCode: '011' },
  { name: 'Colombo 04', areaCode: '011' }, { name: 'Colombo 05', areaCode: '011' }, { name: 'Colombo 06', areaCode: '011' },
  { name: 'Colombo 07', areaCode: '011' }, { name: 'Colombo 08', areaCode: '011' }, { name: 'Colombo 10', areaCode: '011' },
  { name: 'Dehiwala', areaCode: '011' }, { name: 'Mount Lavinia', areaCode: '011' }, { name: 'Nugegoda', areaCode: '011' },
  { name: 'Maharagama', areaCode: '011' }, { name: 'Rajagiriya', areaCode: '011' }, { name: 'Battaramulla', areaCode: '011' },
  { name: 'Moratuwa', areaCode: '011' }, { name: 'Wattala', areaCode: '011' }, { name: 'Panadura', areaCode: '038' },
  { name: 'Kalutara', areaCode: '034' }, { name: 'Bentota', areaCode: '034' }, { name: 'Negombo', areaCode: '031' },
  { name: 'Gampaha', areaCode: '033' }, { name: 'Kandy', areaCode: '081' }, { name: 'Peradeniya', areaCode: '081' },
  { name: 'Nuwara Eliya', areaCode: '052' }, { name: 'Ella', areaCode: '057' }, { name: 'Badulla', areaCode: '055' },
  { name: 'Galle', areaCode: '091' }, { name: 'Unawatuna', areaCode: '091' }, { name: 'Hikkaduwa', areaCode: '091' },
  { name: 'Matara', areaCode: '041' }, { name: 'Hambantota', areaCode: '047' }, { name: 'Kurunegala', areaCode: '037' },
  { name: 'Anuradhapura', areaCode: '025' }, { name: 'Dambulla', areaCode: '066' }, { name: 'Trincomalee', areaCode: '026' },
  { name: 'Batticaloa', areaCode: '065' }, { name: 'Jaffna', areaCode: '021' }, { name: 'Ratnapura', areaCode: '045' },
  { name: 'Kegalle', areaCode: '035' },
];

export const GENERAL_TERMS: string[] = [
  'Offers are valid only for payments made in full with eligible credit cards issued in Sri Lanka.',
  'The merchant is solely responsible for the quality of the goods and services provided.',
  'Offers cannot be exchanged for cash and cannot be combined with any other promotion unless stated.',
  'The card issuer and the merchant may amend or withdraw an offer without prior notice.',
  'Images are for illustration only. OfferLanka lists offers as published and is not a party to them.',
];

/** {bank} is replaced by the bank's name. */
export const BANK_TERM_TEMPLATES: string[] = [
  'Present your {bank} credit card before the bill is issued to enjoy the offer.',
  'The offer is not valid for {bank} corporate credit cards unless stated otherwise.',
  '{bank} reserves the right to change these terms and conditions at any time.',
  'Any dispute about a discount will be resolved at the sole discretion of {bank}.',
  'Instalment plans are subject to the standard terms of {bank} and may carry a handling fee.',
  'The discount is given on the final bill, including taxes and service charges, for {bank} cardholders.',
  'Supplementary cardholders of {bank} are also eligible for the offer.',
];

/** Validity wording that names no days or hours: an offer's days and hours are its eligibility's, worded from it. */
export const TIME_DESCRIPTIONS: string[] = [
  'Until further notice',
  'While stocks last',
  'Throughout the year',
  'During the festive season',
  'Throughout the season',
  'Until the end of the promotion',
  'For a limited period',
  'On all days, including public holidays',
];

export interface HouseAdSeed { title: string; body: string; cta: string; linkUrl: string; color: string }

/** Their words are the site's (src/lib/house-ads.ts), in English here: the pictures and the API's titles. */
const houseAd = (linkUrl: string, color: string): HouseAdSeed => ({ ...HOUSE_AD_WORDS[linkUrl]!('en'), linkUrl, color });

export const HOUSE_ADS: HouseAdSeed[] = [
  houseAd('/sign-up', '#0b7a75'),
  houseAd('/#newsletter', '#5b2c83'),
  houseAd('/about-us', '#e4572e'),
  houseAd('/contact-us', '#2e86ab'),
];
