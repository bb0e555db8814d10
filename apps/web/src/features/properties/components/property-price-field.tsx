import { PriceField, type PriceFieldProps } from '@/components/price-field';
import { useT } from '@/i18n/use-t';

export type PropertyPriceFieldProps = Omit<PriceFieldProps, 'label' | 'unitLabel'>;

/** A property's price with its unit, named as the property's forms name it ("Precio (UF)"). */
export function PropertyPriceField(props: PropertyPriceFieldProps) {
  const t = useT();
  return (
    <PriceField
      label={t(props.unit.value === 'UF' ? 'properties.form.priceUf' : 'properties.form.price')}
      unitLabel={t('properties.form.priceUnit')}
      {...props}
    />
  );
}
