

No information available about domain name likexian-have-no-money-to-register.pl in the Registry NASK database.








WHOIS database responses: https://dns.pl/en/whois



WHOIS displays data with a delay not exceeding 15 minutes in relation to the .pl Registry system
