import { data, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { Link } from '../../ui/link';
import { PageHeader } from '../../ui/page-header';
import { Tabs } from '../../ui/tabs';
import { AddToCart } from '../add-to-cart';
import { Price, Rating } from '../price';
import { ProductCard } from '../product-card';
import { ProductGallery } from '../product-gallery';
import { productBySlug, products, type Product } from '../../content/products';
import { sampleReviews } from '../../content/shop';
import { Section } from '../../ui/section';
import '../shop.css';

/** The product shown at /shopDetails without a `?product=`: the cart's $165.00 pillow. */
const DEFAULT_PRODUCT = 'cervical-pillow';

export function loader({ request }: LoaderFunctionArgs) {
  const slug = new URL(request.url).searchParams.get('product');
  if (slug === null) return { slug: DEFAULT_PRODUCT };
  const product = productBySlug(slug);
  if (!product) throw data(null, { status: 404, statusText: 'Not Found' });
  return { slug, meta: { title: `${product.name} | Shop`, description: product.summary } };
}

const reviewDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

function related(product: Product): Product[] {
  const same = products.filter((p) => p.id !== product.id && p.category === product.category);
  const others = products.filter((p) => p.id !== product.id && p.category !== product.category);
  return [...same, ...others].slice(0, 3);
}

/** Shop details (spec section 2): gallery, price, quantity, add to cart, and the three tabs. */
export default function ShopDetailsPage() {
  const { slug } = useLoaderData<typeof loader>();
  const product = productBySlug(slug) ?? products[0]!;

  return (
    <>
      <PageHeader title="Shop Details" crumbs={[{ label: 'Home', to: '/' }, { label: 'Shop', to: '/shop' }, { label: 'Shop Details' }]} />
      <Section headingId="product-name" className="product-detail">
        <div className="product-detail__top">
          <ProductGallery key={product.slug} product={product} />
          <div className="product-detail__info">
            <p className="eyebrow">{product.category}</p>
            <h2 id="product-name" className="product-detail__name">
              {product.name}
            </h2>
            <div className="product-detail__rating">
              <Rating value={product.rating} />
              <span className="product-detail__reviews">({sampleReviews.length} reviews)</span>
            </div>
            <Price price={product.price} oldPrice={product.oldPrice} className="price--lg" />
            <p>{product.summary}</p>
            <p className={`stock ${product.inStock ? 'stock--in' : 'stock--out'}`}>{product.inStock ? 'In stock' : 'Out of stock'}</p>
            <AddToCart key={product.slug} product={product} />
            <dl className="product-detail__meta">
              <div>
                <dt>Category</dt>
                <dd>{product.category}</dd>
              </div>
              <div>
                <dt>SKU</dt>
                <dd>ASW-{String(product.id).padStart(3, '0')}</dd>
              </div>
            </dl>
          </div>
        </div>

        <Tabs
          key={product.slug}
          label="Product information"
          className="product-detail__tabs"
          items={[
            {
              id: 'description',
              label: 'Description',
              content: (
                <div className="prose">
                  {product.description.map((p) => (
                    <p key={p}>{p}</p>
                  ))}
                </div>
              ),
            },
            {
              id: 'additional',
              label: 'Additional information',
              content: (
                <table className="facts-table">
                  <caption className="visually-hidden">Additional information about {product.name}</caption>
                  <tbody>
                    {product.additionalInformation.map((f) => (
                      <tr key={f.label}>
                        <th scope="row">{f.label}</th>
                        <td>{f.value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ),
            },
            {
              id: 'reviews',
              label: `Reviews(${sampleReviews.length})`,
              content: (
                <>
                  <h3 className="reviews__title">{sampleReviews.length} sample reviews</h3>
                  <ul className="reviews">
                    {sampleReviews.map((r) => (
                      <li key={r.author} className="review">
                        <p className="review__head">
                          <strong>{r.author}</strong> <time dateTime={r.date}>{reviewDate.format(new Date(r.date))}</time>
                        </p>
                        <Rating value={r.rating} />
                        <p className="review__text">{r.text}</p>
                      </li>
                    ))}
                  </ul>
                </>
              ),
            },
          ]}
        />
      </Section>

      <Section headingId="related-heading" className="section--sand">
        <div className="related__head">
          <h2 id="related-heading">You may also like</h2>
          <Link to="/shop" className="btn btn--outline">
            All products
          </Link>
        </div>
        <ul className="product-list product-list--grid">
          {related(product).map((p) => (
            <li key={p.id}>
              <ProductCard product={p} view="grid" />
            </li>
          ))}
        </ul>
      </Section>
    </>
  );
}
