The queried object does not exist: likexian-have-no-money-to-register.ws.
URL of the ICANN WHOIS Data Problem Reporting System: http://wdprs.internic.net/
>>> Last update of WHOIS database: 2022-07-03T03:52:45Z <<<

For more information on Whois status codes, please visit https://icann.org/epp
