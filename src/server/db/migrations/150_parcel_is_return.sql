-- The return flag of a parcel that has no shipment (an unprocessable parcel adopted with "Zwrot"
-- ticked); a parcel of a shipment takes the flag from its shipment.
alter table parcels add column if not exists is_return boolean not null default false;
