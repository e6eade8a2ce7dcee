// Invoice tests' data: a seller's details (Settings → seller of the practice profile), a buyer and
// three lines (one 0%, one Arabic, fractional quantities), shared by the service's and the ledgers' tests.
import type { SellerDetails } from '../../contract/methods/profiles';

export const seller: SellerDetails = {
  legalNameAr: 'شركة المثال للتجارة', legalNameEn: 'Example Trading Co.', vatNumber: '310122393500003', crNumber: '1010010000',
  address: 'King Fahd Road, Riyadh 12271', logo: null,
};

export const customer = { name: 'ليلى حداد', email: 'layla@example.com', phone: '+966501234567' };
export type Line = { description: string; quantity: string; unitPrice: string; vat: 'standard' | 'zero' | 'exempt'; rate?: string; reason?: string };
export const threeLines: Line[] = [
  { description: 'Consulting hours', quantity: '3', unitPrice: '33.33', vat: 'standard' },
  { description: 'ورق طباعة', quantity: '1.5', unitPrice: '10.05', vat: 'standard', rate: '15' },
  { description: 'Export shipping', quantity: '2', unitPrice: '50', vat: 'zero', reason: 'Export of goods outside the GCC' },
];
