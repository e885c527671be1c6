/**
 * Fixed vocabulary of the demo catalogue: what each leaf category of the core tree (spec §3)
 * sells, at what prices, in which sizes, with which Google product category and silhouette;
 * colours; brand-name parts (the fictional merchants are in merchants-data.ts). Prices are USD
 * dollars here; the planner turns them into cents.
 */

/** How a leaf's sizes are written (GMC `size`). */
export type SizeKind =
  'womens' | 'mens' | 'waistW' | 'waistM' | 'suit' | 'shoeW' | 'shoeM' | 'shoeU' | 'shoeKids' | 'kids' | 'baby' | 'ring' | 'helmet' | 'one' | 'none';

/** Silhouette drawn for a product image (see images.ts). */
export type Shape =
  | 'coat'
  | 'jacket'
  | 'dress'
  | 'tshirt'
  | 'shirt'
  | 'sweater'
  | 'tank'
  | 'trousers'
  | 'skirt'
  | 'shorts'
  | 'sportsbra'
  | 'swimsuit'
  | 'socks'
  | 'bottle'
  | 'lipstick'
  | 'mascara'
  | 'palette'
  | 'compact'
  | 'tube'
  | 'jar'
  | 'perfume'
  | 'hairdryer'
  | 'tote'
  | 'handbag'
  | 'clutch'
  | 'backpack'
  | 'wallet'
  | 'suitcase'
  | 'beltbag'
  | 'necklace'
  | 'earring'
  | 'ring'
  | 'bracelet'
  | 'watch'
  | 'onesie'
  | 'sneaker'
  | 'heel'
  | 'flat'
  | 'boot'
  | 'sandal'
  | 'toy'
  | 'stroller'
  | 'tent'
  | 'racket'
  | 'helmet'
  | 'skate'
  | 'mat'
  | 'goggles'
  | 'dumbbell';

/** What one leaf category sells. */
export interface LeafSpec {
  /** Leaf code (for 'Other' leaves the group's code, e.g. `81`). */
  code: string;
  /** Category nouns used in titles; named leaves contain one of the leaf's keywords. */
  nouns: readonly string[];
  /** Google product taxonomy id (packages/feeds/data/google-product-taxonomy-with-ids.en-US.txt). */
  gpc: number;
  shape: Shape;
  /** Typical regular price range in USD dollars, before the brand tier factor. */
  price: readonly [number, number];
  sizes: SizeKind;
  /** GMC `gender`. */
  gender: 'female' | 'male' | 'unisex';
  /** GMC `age_group`. */
  ageGroup: 'adult' | 'kids' | 'infant';
  /** What the colour means: a garment colour, a make-up shade, or only the packaging (not in title). */
  colour: 'colour' | 'shade' | 'package';
}

type Row = [string, string, number, Shape, number, number, SizeKind, 'f' | 'm' | 'u', ('a' | 'k' | 'i')?, ('colour' | 'shade' | 'package')?];

// code | nouns (";"-separated) | gpc | shape | min $ | max $ | sizes | gender | age | colour meaning
const ROWS: Row[] = [
  ['811', 'Tailored Blazer;Single-Breasted Blazer;Double-Breasted Blazer;Linen Blazer', 5598, 'coat', 90, 420, 'womens', 'f'],
  ['812', 'Denim Jacket;Bomber Jacket;Utility Jacket;Quilted Jacket;Cropped Jacket', 5598, 'jacket', 60, 320, 'womens', 'f'],
  ['813', 'Puffer Parka;Hooded Parka;Down Coat;Longline Puffer', 5598, 'coat', 120, 650, 'womens', 'f'],
  ['81', 'Trench Coat;Wool Coat;Wrap Coat;Raincoat;Teddy Coat', 5598, 'coat', 110, 600, 'womens', 'f'],
  ['821', 'Shirt Dress;Sundress;Casual Day Dress;Smocked Sundress', 2271, 'dress', 40, 160, 'womens', 'f'],
  ['822', 'Cocktail Dress;Party Dress;Sequin Mini Dress;Satin Cocktail Dress', 2271, 'dress', 70, 380, 'womens', 'f'],
  ['823', 'Maxi Dress;Tiered Maxi Dress;Long Dress;Wrap Maxi Dress', 2271, 'dress', 60, 260, 'womens', 'f'],
  ['82', 'Midi Dress;Slip Dress;Bodycon Dress;Pleated Midi Dress', 2271, 'dress', 50, 240, 'womens', 'f'],
  ['831', 'Crew Neck T-Shirt;V-Neck Tee;Relaxed Tee;Graphic T-Shirt', 212, 'tshirt', 15, 60, 'womens', 'f'],
  ['832', 'Silk Blouse;Ruffle Blouse;Tie-Neck Blouse;Button-Front Blouse', 212, 'shirt', 35, 180, 'womens', 'f'],
  ['833', 'Crewneck Sweater;Cable-Knit Cardigan;Merino Sweater;Ribbed Cardigan', 212, 'sweater', 45, 220, 'womens', 'f'],
  ['834', 'Pullover Hoodie;Zip Hoodie;Crewneck Sweatshirt;Fleece Sweatshirt', 212, 'sweater', 35, 130, 'womens', 'f'],
  ['83', 'Tank Top;Camisole;Crop Top;Tunic Top', 212, 'tank', 15, 70, 'womens', 'f'],
  ['841', 'Skinny Jeans;Straight-Leg Jeans;Wide-Leg Jeans;Mom Jeans', 204, 'trousers', 45, 220, 'waistW', 'f'],
  ['842', 'Wide-Leg Trousers;Tailored Trousers;Cropped Chinos;Pleated Trousers', 204, 'trousers', 45, 190, 'womens', 'f'],
  ['843', 'A-Line Skirt;Pleated Midi Skirt;Wrap Skirt;Pencil Skirt', 1581, 'skirt', 35, 160, 'womens', 'f'],
  ['844', 'Linen Shorts;Bermuda Shorts;High-Rise Shorts;Paperbag Shorts', 207, 'shorts', 25, 90, 'womens', 'f'],
  ['84', 'Culottes;Skort;Palazzo Pant;Cargo Pant', 204, 'trousers', 40, 150, 'womens', 'f'],
  ['851', 'High-Waist Leggings;Seamless Leggings;Pocket Leggings;Capri Leggings', 5322, 'trousers', 30, 110, 'womens', 'f'],
  ['852', 'Sports Bra;Racerback Sports Bra;Longline Sports Bra;Medium-Impact Sports Bra', 5322, 'sportsbra', 25, 75, 'womens', 'f'],
  ['85', 'Active Unitard;Active Skort;Workout Tank;Cycling Unitard', 5322, 'tank', 30, 95, 'womens', 'f'],
  ['86', 'Bikini Set;One-Piece Swimsuit;Halter Bikini;Ruched Swimsuit', 211, 'swimsuit', 30, 140, 'womens', 'f'],
  ['87', 'Satin Pajama Set;Lace Bralette;Cotton Nightgown;Silk Sleepwear Set', 208, 'shirt', 25, 140, 'womens', 'f'],
  ['8', 'Jumpsuit;Kimono;Poncho;Lounge Set', 1604, 'dress', 45, 200, 'womens', 'f'],
  ['911', 'Wool Blazer;Sport Coat;Unstructured Blazer;Linen Blazer', 5598, 'coat', 110, 480, 'mens', 'm'],
  ['912', 'Bomber Jacket;Harrington Jacket;Field Jacket;Trucker Jacket', 5598, 'jacket', 70, 350, 'mens', 'm'],
  ['913', 'Hooded Parka;Puffer Parka;Down Parka;Expedition Parka', 5598, 'coat', 140, 700, 'mens', 'm'],
  ['91', 'Overcoat;Peacoat;Trench Coat;Car Coat', 5598, 'coat', 150, 650, 'mens', 'm'],
  ['921', 'Crew Neck Tee;Pocket T-Shirt;Henley Tee;Heavyweight T-Shirt', 212, 'tshirt', 15, 55, 'mens', 'm'],
  ['922', 'Oxford Shirt;Slim-Fit Dress Shirt;Non-Iron Dress Shirt;Poplin Dress Shirt', 212, 'shirt', 40, 160, 'mens', 'm'],
  ['923', 'Pique Polo;Knit Polo;Performance Polo;Long-Sleeve Polo', 212, 'tshirt', 30, 120, 'mens', 'm'],
  ['92', 'Flannel Shirt;Linen Shirt;Chambray Shirt;Overshirt', 212, 'shirt', 35, 140, 'mens', 'm'],
  ['931', 'Merino Sweater;Cable-Knit Sweater;Shawl Cardigan;Quarter-Zip Jumper', 212, 'sweater', 50, 240, 'mens', 'm'],
  ['932', 'Pullover Hoodie;Zip Hoodie;Crewneck Sweatshirt;Heavyweight Hoodie', 212, 'sweater', 40, 140, 'mens', 'm'],
  ['93', 'Knit Vest;Fleece Pullover;Zip Knit Vest;Half-Zip Fleece', 212, 'tank', 40, 150, 'mens', 'm'],
  ['941', 'Slim Jeans;Straight Jeans;Relaxed Jeans;Selvedge Jeans', 204, 'trousers', 50, 240, 'waistM', 'm'],
  ['942', 'Slim Chinos;Stretch Chinos;Pleated Chinos;Khaki Chinos', 204, 'trousers', 45, 150, 'waistM', 'm'],
  ['943', 'Cargo Shorts;Linen Shorts;Drawstring Shorts;Hybrid Shorts', 207, 'shorts', 30, 90, 'waistM', 'm'],
  ['94', 'Cargo Trousers;Wool Trousers;Drawstring Trousers;Corduroy Trousers', 204, 'trousers', 50, 200, 'waistM', 'm'],
  ['95', 'Two-Piece Suit;Wool Suit;Slim-Fit Suit;Tuxedo', 1594, 'coat', 250, 1200, 'suit', 'm'],
  ['96', 'Boxer Briefs 3-Pack;Crew Socks 6-Pack;Cotton Boxers;Ankle Socks 3-Pack', 213, 'socks', 12, 45, 'mens', 'm'],
  ['9', 'Bathrobe;Lounge Set;Utility Vest;Kaftan', 1604, 'coat', 40, 160, 'mens', 'm'],
  ['b11', 'Liquid Foundation;Serum Foundation;Matte Foundation;Creamy Concealer', 2765, 'bottle', 14, 60, 'none', 'f', 'a', 'shade'],
  ['b12', 'Matte Lipstick;Satin Lipstick;Lip Gloss;Cream Lipstick', 3021, 'lipstick', 9, 45, 'none', 'f', 'a', 'shade'],
  ['b13', 'Volumizing Mascara;Lengthening Mascara;Waterproof Mascara', 2834, 'mascara', 9, 32, 'none', 'f', 'a', 'shade'],
  ['b14', 'Eyeshadow Palette;Shimmer Eyeshadow;Eye Palette;Cream Eyeshadow', 2904, 'palette', 12, 65, 'none', 'f', 'a', 'shade'],
  ['b1', 'Cream Blush;Bronzer;Highlighter;Setting Powder', 2571, 'compact', 12, 48, 'none', 'f', 'a', 'shade'],
  ['b21', 'Gentle Cleanser;Foaming Face Wash;Gel Cleanser;Oil Cleanser', 2526, 'tube', 10, 42, 'none', 'u', 'a', 'package'],
  ['b22', 'Brightening Eye Cream;Firming Eye Cream;Peptide Eye Cream', 567, 'jar', 18, 90, 'none', 'u', 'a', 'package'],
  ['b23', 'Hydrating Sheet Mask;Clay Mask;Overnight Mask;Sheet Mask 5-Pack', 6262, 'jar', 8, 55, 'none', 'u', 'a', 'package'],
  ['b24', 'Mineral Sunscreen SPF 50;Daily Sunscreen SPF 30;Sheer Sunscreen SPF 40', 2844, 'tube', 10, 40, 'none', 'u', 'a', 'package'],
  ['b25', 'Daily Moisturizer;Rich Face Cream;Gel Moisturizer;Barrier Moisturizer', 2592, 'jar', 14, 85, 'none', 'u', 'a', 'package'],
  ['b26', 'Hydrating Toner;Exfoliating Toner;Balancing Toner', 5976, 'bottle', 12, 45, 'none', 'u', 'a', 'package'],
  ['b2', 'Vitamin C Serum;Retinol Serum;Hyaluronic Serum;Face Oil', 567, 'bottle', 18, 95, 'none', 'u', 'a', 'package'],
  ['b31', 'Eau de Parfum 50 ml;Eau de Parfum 100 ml;Floral Perfume 30 ml', 479, 'perfume', 45, 220, 'none', 'f', 'a', 'package'],
  ['b32', 'Cologne 100 ml;Eau de Toilette 50 ml;Eau de Toilette 100 ml', 479, 'perfume', 40, 180, 'none', 'm', 'a', 'package'],
  ['b3', 'Body Mist;Fragrance Gift Set;Rollerball Fragrance;Fragrance Discovery Set', 479, 'perfume', 20, 120, 'none', 'u', 'a', 'package'],
  ['b41', 'Repair Shampoo;Volumizing Shampoo;Clarifying Shampoo;Sulfate-Free Shampoo', 2441, 'bottle', 8, 38, 'none', 'u', 'a', 'package'],
  ['b42', 'Hydrating Conditioner;Repair Conditioner;Leave-In Conditioner', 2441, 'bottle', 8, 38, 'none', 'u', 'a', 'package'],
  ['b43', 'Ionic Hair Dryer;Ceramic Straightener;Curling Iron;Compact Hair Dryer', 6019, 'hairdryer', 35, 320, 'none', 'u', 'a', 'package'],
  ['b4', 'Hair Oil;Styling Cream;Texture Spray;Hair Serum', 1901, 'bottle', 10, 48, 'none', 'u', 'a', 'package'],
  ['b', 'Nail Polish;Body Scrub;Hand Cream;Bath Soak', 473, 'jar', 8, 45, 'none', 'u', 'a', 'package'],
  ['e11', 'Leather Tote;Canvas Tote;Structured Tote;Shopper Tote', 3032, 'tote', 45, 900, 'one', 'f'],
  ['e12', 'Shoulder Bag;Hobo Bag;Baguette Shoulder Bag;Slouchy Hobo', 3032, 'handbag', 60, 1100, 'one', 'f'],
  ['e13', 'Crossbody Bag;Camera Crossbody;Mini Crossbody;Messenger Bag', 3032, 'handbag', 40, 800, 'one', 'f'],
  ['e14', 'Envelope Clutch;Evening Bag;Beaded Clutch;Box Clutch', 3032, 'clutch', 35, 700, 'one', 'f'],
  ['e1', 'Bucket Bag;Top-Handle Bag;Satchel;Saddle Bag', 3032, 'handbag', 60, 1200, 'one', 'f'],
  ['e2', 'Leather Backpack;Laptop Backpack;Mini Backpack;Roll-Top Rucksack', 100, 'backpack', 40, 450, 'one', 'u'],
  ['e3', 'Zip Wallet;Bifold Wallet;Card Holder;Continental Wallet', 2668, 'wallet', 25, 380, 'one', 'u'],
  ['e4', 'Carry-On Suitcase;Weekender Bag;Duffel Bag;Checked Suitcase', 107, 'suitcase', 70, 650, 'one', 'u'],
  ['e5', 'Belt Bag;Leather Belt Bag;Sling Belt Bag;Waist Bag', 104, 'beltbag', 25, 250, 'one', 'u'],
  ['e', 'Cosmetic Pouch;Phone Pouch;Toiletry Kit;Key Pouch', 108, 'wallet', 15, 150, 'one', 'u'],
  ['f1', 'Pendant Necklace;Chain Necklace;Pearl Necklace;Layered Necklace', 196, 'necklace', 25, 900, 'none', 'f'],
  ['f2', 'Hoop Earrings;Stud Earrings;Drop Earrings;Huggie Earrings', 194, 'earring', 20, 600, 'none', 'f'],
  ['f3', 'Signet Ring;Stacking Ring;Cocktail Ring;Band Ring', 200, 'ring', 25, 800, 'ring', 'f'],
  ['f4', 'Chain Bracelet;Bangle;Cuff Bracelet;Charm Bracelet', 191, 'bracelet', 20, 700, 'none', 'f'],
  ['f5', 'Automatic Watch;Chronograph Watch;Quartz Watch;Dress Watch', 201, 'watch', 80, 2500, 'none', 'u'],
  ['f', 'Brooch;Anklet;Jewelry Set;Lapel Pin', 188, 'earring', 20, 400, 'none', 'f'],
  ['g1', 'Baby Bodysuit 3-Pack;Baby Romper;Footed Onesie;Baby Sleepsuit', 182, 'onesie', 12, 60, 'baby', 'u', 'i'],
  ['g2', "Girls' Ruffle Dress;Girls' Cardigan;Girls' Skirt Set;Girls' Party Dress", 1604, 'dress', 15, 80, 'kids', 'f', 'k'],
  ['g3', "Boys' Graphic Tee;Boys' Cargo Shorts;Boys' Hoodie;Boys' Chino Pants", 1604, 'tshirt', 15, 70, 'kids', 'm', 'k'],
  ['g4', 'Kids Sneakers;Kids Shoes;Kids Slip-On Sneakers;Kids Hook-and-Loop Shoes', 187, 'sneaker', 25, 90, 'shoeKids', 'u', 'k'],
  ['g5', 'Plush Bear;Wooden Puzzle;Stacking Toy;Plush Bunny', 1253, 'toy', 10, 70, 'none', 'u', 'k'],
  ['g6', 'Compact Stroller;Convertible Car Seat;Travel Crib;Jogging Stroller', 2764, 'stroller', 90, 700, 'none', 'u', 'i'],
  ['g', 'Baby Blanket;Bib Set;Baby Carrier;Sippy Cup Set', 537, 'toy', 15, 150, 'none', 'u', 'i'],
  ['k11', 'Pointed Pump;Block Heel Pump;Stiletto Heel;Slingback Heel', 187, 'heel', 60, 650, 'shoeW', 'f'],
  ['k12', 'Ballet Flat;Pointed Flat;Mary Jane Flat;Leather Ballet Flat', 187, 'flat', 45, 350, 'shoeW', 'f'],
  ['k13', 'Ankle Boot;Knee-High Boot;Chelsea Bootie;Western Boot', 187, 'boot', 80, 700, 'shoeW', 'f'],
  ['k14', 'Strappy Sandal;Slide Sandal;Platform Sandal;Espadrille Sandal', 187, 'sandal', 30, 300, 'shoeW', 'f'],
  ['k15', 'Leather Sneaker;Platform Sneaker;Low-Top Sneaker;Knit Trainer', 187, 'sneaker', 50, 320, 'shoeW', 'f'],
  ['k1', 'Mule;Espadrille;Clog;Slipper', 187, 'flat', 30, 260, 'shoeW', 'f'],
  ['k21', 'Oxford Shoe;Derby Shoe;Brogue;Cap-Toe Oxford', 187, 'flat', 90, 600, 'shoeM', 'm'],
  ['k22', 'Chelsea Boot;Lace-Up Boot;Chukka Boot;Work Boot', 187, 'boot', 100, 550, 'shoeM', 'm'],
  ['k23', 'Penny Loafer;Suede Loafer;Driving Moccasin;Tassel Loafer', 187, 'flat', 80, 450, 'shoeM', 'm'],
  ['k24', 'Leather Sneaker;Low-Top Sneaker;Retro Trainer;Court Sneaker', 187, 'sneaker', 60, 300, 'shoeM', 'm'],
  ['k25', 'Slide Sandal;Leather Sandal;Flip Flop;Fisherman Sandal', 187, 'sandal', 25, 180, 'shoeM', 'm'],
  ['k2', 'Boat Shoe;Espadrille;Slipper;Monk Strap Shoe', 187, 'flat', 45, 300, 'shoeM', 'm'],
  ['k', 'Unisex Clog;Unisex Canvas Shoe;Unisex Garden Shoe;Unisex Deck Shoe', 187, 'flat', 30, 150, 'shoeU', 'u'],
  ['711', 'Road Running Shoe;Cushioned Running Shoe;Racing Running Shoe;Stability Running Shoe', 187, 'sneaker', 70, 260, 'shoeU', 'u'],
  ['712', 'Fleece Jogger;Performance Jogger;Track Sweatshirt;Tech Sweatshirt', 5322, 'sweater', 35, 120, 'womens', 'u'],
  ['713', 'Training Top;Performance Tee;Team Jersey;Quick-Dry Training Top', 5322, 'tshirt', 20, 90, 'womens', 'u'],
  ['714', 'Yoga Pant;Flare Yoga Pant;Yoga Top;Wrap Yoga Top', 5322, 'trousers', 35, 120, 'womens', 'f'],
  ['715', 'Swim Goggles;Mirrored Swim Goggles;Swim Cap;Anti-Fog Swim Goggles', 1144, 'goggles', 10, 70, 'one', 'u'],
  ['71', 'Jump Rope;Resistance Bands;Kettlebell;Foam Roller', 990, 'dumbbell', 10, 120, 'none', 'u'],
  ['721', 'Hiking Backpack 30L;Daypack 20L;Trekking Backpack 45L;Ultralight Daypack', 100, 'backpack', 40, 320, 'one', 'u'],
  ['722', 'Graphite Tennis Racket;Badminton Racket Set;Junior Tennis Racket;Tennis Racket', 1065, 'racket', 25, 280, 'none', 'u'],
  ['723', 'Ski Helmet;Snowboard Helmet;Ski Back Protector;Freeride Ski Helmet', 1161, 'helmet', 60, 280, 'helmet', 'u'],
  ['724', '2-Person Tent;4-Person Dome Tent;Backpacking Tent;Down Sleeping Bag', 1022, 'tent', 80, 600, 'none', 'u'],
  ['725', 'Inline Skates;Complete Skateboard;Cruiser Skateboard;Fitness Inline Skates', 1058, 'skate', 50, 300, 'none', 'u'],
  ['726', 'Knee Pad Set;Elbow Pad Set;Wrist Guard Set;Ankle Support Brace', 499771, 'helmet', 15, 70, 'helmet', 'u'],
  ['727', 'Yoga Mat 6 mm;Cork Yoga Mat;Travel Yoga Mat;Exercise Ball 65 cm', 3640, 'mat', 20, 120, 'none', 'u'],
  ['728', 'Waterproof Hiking Boot;Trail Shoe;Mid Hiking Boot;Lightweight Trail Shoe', 187, 'boot', 80, 260, 'shoeU', 'u'],
  ['72', 'Trekking Poles;Camp Chair;Headlamp;Camp Stove', 1013, 'dumbbell', 20, 180, 'none', 'u'],
  ['7', 'Cycling Gloves;Golf Glove;Sports Water Bottle;Boxing Gloves', 988, 'dumbbell', 12, 90, 'none', 'u'],
];

/** Leaf specs keyed by leaf code; covers every entry of LEAF_CATEGORIES (checked by tests). */
export const LEAF_SPECS: ReadonlyMap<string, LeafSpec> = new Map(
  ROWS.map(([code, nouns, gpc, shape, min, max, sizes, g, age = 'a', colour = 'colour']) => [
    code,
    {
      code,
      nouns: nouns.split(';'),
      gpc,
      shape,
      price: [min, max] as const,
      sizes,
      gender: g === 'f' ? 'female' : g === 'm' ? 'male' : 'unisex',
      ageGroup: age === 'k' ? 'kids' : age === 'i' ? 'infant' : 'adult',
      colour,
    },
  ]),
);

/** Size labels per kind (GMC `size`; shoes as `US 6 | EU 36`). */
export const SIZE_LABELS: Readonly<Record<SizeKind, readonly string[]>> = {
  womens: ['XS', 'S', 'M', 'L', 'XL'],
  mens: ['S', 'M', 'L', 'XL', 'XXL'],
  waistW: ['24', '25', '26', '27', '28', '29', '30', '31', '32'],
  waistM: ['28', '30', '32', '34', '36', '38'],
  suit: ['38R', '40R', '42R', '44R', '46R'],
  shoeW: ['US 5 | EU 35', 'US 6 | EU 36', 'US 7 | EU 37', 'US 8 | EU 38', 'US 9 | EU 39', 'US 10 | EU 40'],
  shoeM: ['US 7 | EU 40', 'US 8 | EU 41', 'US 9 | EU 42', 'US 10 | EU 43', 'US 11 | EU 44', 'US 12 | EU 45'],
  shoeU: ['US 6 | EU 38', 'US 7 | EU 39', 'US 8 | EU 40', 'US 9 | EU 42', 'US 10 | EU 43', 'US 11 | EU 44'],
  shoeKids: ['US 10C | EU 27', 'US 11C | EU 28', 'US 12C | EU 30', 'US 13C | EU 31', 'US 1Y | EU 32', 'US 2Y | EU 33'],
  kids: ['2T', '3T', '4T', '5', '6', '7', '8', '10', '12'],
  baby: ['0-3M', '3-6M', '6-12M', '12-18M', '18-24M'],
  ring: ['5', '6', '7', '8', '9'],
  helmet: ['S', 'M', 'L'],
  one: ['One Size'],
  none: [],
};

/** Garment colours: display name and sRGB hex used for the image. */
export const COLOURS: ReadonlyArray<readonly [string, string]> = [
  ['Black', '#1f1f22'],
  ['White', '#f2f0ea'],
  ['Navy', '#1f2f55'],
  ['Grey', '#8a8d91'],
  ['Charcoal', '#3b3d42'],
  ['Beige', '#d8c6a4'],
  ['Camel', '#b5885a'],
  ['Brown', '#6b4630'],
  ['Olive', '#6b6b34'],
  ['Forest Green', '#2f5d3a'],
  ['Sage', '#9caf88'],
  ['Burgundy', '#6d1f2e'],
  ['Red', '#c0262d'],
  ['Rust', '#b0502a'],
  ['Mustard', '#d4a12a'],
  ['Cream', '#efe6cf'],
  ['Blush Pink', '#e8b4b0'],
  ['Lavender', '#b7a6d6'],
  ['Sky Blue', '#8dbbe0'],
  ['Cobalt', '#1f4fb8'],
  ['Teal', '#1f7a7a'],
  ['Coral', '#f0776a'],
  ['Ivory', '#f6f1e1'],
  ['Khaki', '#b9a87a'],
  ['Denim Blue', '#4a6d96'],
  ['Silver', '#c0c4c8'],
  ['Gold', '#c9a43a'],
  ['Tan', '#c8a27a'],
  ['Plum', '#6a3560'],
  ['Emerald', '#1e7b52'],
];

/** Make-up shade names and hex (used as GMC `color` for shade leaves). */
export const SHADES: ReadonlyArray<readonly [string, string]> = [
  ['Rosewood', '#9c4f56'],
  ['Nude Beige', '#d9b59a'],
  ['Berry', '#7a2346'],
  ['Coral Crush', '#e9675a'],
  ['Warm Sand', '#d3a77e'],
  ['Mocha', '#7b5239'],
  ['Ruby', '#a3132c'],
  ['Mauve', '#a46a80'],
  ['Porcelain', '#f1dcc8'],
  ['Espresso', '#4a2e22'],
  ['Champagne', '#e8d2a8'],
  ['Plum Velvet', '#5e2849'],
  ['Peach', '#f2a882'],
  ['Jet Black', '#141416'],
];

/** Words placed before the category noun, by department code. */
export const DESCRIPTORS: Readonly<Record<string, readonly string[]>> = {
  '8': [
    'Relaxed',
    'Fitted',
    'Oversized',
    'Cropped',
    'Organic Cotton',
    'Linen-Blend',
    'Stretch',
    'Recycled',
    'Wool-Blend',
    'Lightweight',
    'Textured',
    'Printed',
    'Classic',
    'Everyday',
  ],
  '9': [
    'Slim',
    'Regular-Fit',
    'Organic Cotton',
    'Brushed',
    'Heavyweight',
    'Lightweight',
    'Stretch',
    'Wool-Blend',
    'Recycled',
    'Classic',
    'Garment-Dyed',
    'Heritage',
    'Textured',
    'Everyday',
  ],
  b: ['Hydrating', 'Long-Wear', 'Vegan', 'Fragrance-Free', 'Nourishing', 'Radiant', 'Soft-Focus', 'Clean', 'Botanical', 'Advanced', 'Sensitive-Skin', 'Daily'],
  e: ['Pebbled Leather', 'Vegan Leather', 'Quilted', 'Suede', 'Canvas', 'Nylon', 'Woven', 'Structured', 'Soft', 'Mini', 'Oversized', 'Classic'],
  f: ['14k Gold-Plated', 'Sterling Silver', 'Rose Gold-Tone', 'Minimalist', 'Vintage-Inspired', 'Pavé', 'Textured', 'Engraved', 'Freshwater', 'Dainty'],
  g: ['Organic Cotton', 'Soft', 'Printed', 'Striped', 'Cozy', 'Everyday', 'Easy-Care', 'Playful', 'Bright'],
  k: ['Leather', 'Suede', 'Cushioned', 'Lightweight', 'Handcrafted', 'Classic', 'Padded', 'Waterproof', 'Recycled', 'Comfort'],
  '7': ['Lightweight', 'Breathable', 'Recycled', 'All-Terrain', 'Quick-Dry', 'Ultralight', 'Pro', 'Trail-Ready', 'Durable', 'Packable', 'Weatherproof'],
};

/** Brand-name building blocks (invented compounds, e.g. "Northvale"). */
export const BRAND_HEADS = [
  'North',
  'Ash',
  'Cedar',
  'Wren',
  'Lark',
  'Bram',
  'Elder',
  'Fern',
  'Holm',
  'Iver',
  'Kell',
  'Lumen',
  'Marl',
  'Pell',
  'Rowan',
  'Sorrel',
  'Thistle',
  'Umber',
  'Vell',
  'Yarrow',
  'Alder',
  'Calla',
  'Dove',
  'Ember',
  'Fable',
  'Glen',
  'Hazel',
  'Isla',
  'Kite',
  'Linden',
  'Moss',
  'Nettle',
  'Opal',
  'Reed',
  'Sage',
  'Tarn',
  'Aster',
  'Brin',
  'Corra',
  'Dalby',
  'Esker',
  'Frey',
  'Gorse',
  'Heron',
  'Juno',
  'Koa',
  'Loam',
  'Mira',
  'Nola',
  'Orla',
];
export const BRAND_TAILS = [
  'vale',
  'wick',
  'mere',
  'field',
  'crest',
  'ford',
  'stone',
  'brook',
  'haven',
  'moor',
  'holt',
  'croft',
  'ridge',
  'gate',
  'lowe',
  'sey',
  'bury',
];
/** Prefixes of two-word house names ("Maison Arlette", "Studio Fenn"). */
export const BRAND_HOUSES = ['Maison', 'Studio', 'Atelier', 'Casa', 'House of', 'Oficina'];
export const BRAND_GIVEN = [
  'Arlette',
  'Fenn',
  'Odile',
  'Rosso',
  'Linnea',
  'Corvin',
  'Marceau',
  'Ilse',
  'Tavi',
  'Brune',
  'Oriel',
  'Santi',
  'Vesna',
  'Ludo',
  'Amara',
  'Sten',
];
/** Sub-brand lines by department ("Northvale Kids"). */
export const BRAND_LINES: Readonly<Record<string, string>> = { g: 'Kids', '7': 'Sport', b: 'Beauty', '9': 'Men', e: 'Leather', k: 'Footwear' };
