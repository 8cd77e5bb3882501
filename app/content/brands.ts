/** Brand logo (spec §3): the 20 brands of the 'Brands We've Worked With' strip. */
export interface BrandLogo {
  name: string;
  image: string;
}

const names = [
  "Kola Foods",
  "Lekki Luxe",
  "Naija Threads",
  "Ikeja Motors",
  "Zuri Beauty",
  "Oyo Farms",
  "Ember Tech",
  "Palm Capital",
  "Ada Fashion",
  "Eko Bites",
  "Savanna Homes",
  "Delta Logistics",
  "Ivory Dental",
  "Bloom Bakery",
  "Tunde Law",
  "Nova Pharmacy",
  "Coral Travel",
  "Harmattan Co",
  "Gidi Gyms",
  "Baobab Events",
];

export const brands: readonly BrandLogo[] = names.map((name, index) => ({
  name,
  image: `/images/brands/brand-${String(index + 1).padStart(2, "0")}.svg`,
}));
