// The published test card the practice gateway approves without a 3-D Secure challenge
// (5123 4500 0000 0008, 01/39, CVV 100: docs/practice-gateway.md), in the holder's name.
export const approvedCard = (holder: string) => ({ number: '5123450000000008', holder, expiryMonth: '01', expiryYear: '2039', cvv: '100' });
