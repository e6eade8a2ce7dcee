// How many days one settlement summary may cover: the contract refuses more, and Home's chosen
// dates say so beside the field before anything is asked. Its own file, without zod, so Home's
// first chunk can read it.
export const maxSettlementDays = 400;
