// The language pages' shop (<lang>-shop.html): a search that hides what it does not match, and each product's
// button that puts it in the cart; what the cart's status line says is the page's own (data-added, {product}).
document.getElementById('search').addEventListener('input', event => {
  const wanted = event.target.value.trim().toLowerCase();
  for (const item of document.querySelectorAll('#products li'))
    item.hidden = !item.textContent.toLowerCase().includes(wanted);
});
for (const button of document.querySelectorAll('#products button'))
  button.addEventListener('click', () => {
    const item = document.createElement('li');
    item.textContent = button.dataset.product;
    document.getElementById('cart').append(item);
    const status = document.getElementById('cart-status');
    status.textContent = status.dataset.added.replace('{product}', button.dataset.product);
  });
